import { PROTOCOL_VERSIONS as VERSIONS, type ProtocolVersion } from '@elicitation-kit/core';
import { useId } from 'react';

/** Props of {@link ProtocolVersionSelect}. */
export interface ProtocolVersionSelectProps {
  value: ProtocolVersion | undefined;
  onChange: (value: ProtocolVersion | undefined) => void;
}

/** "Protocol version": the revision the request is judged under; "Any" accepts every era's shapes. */
export function ProtocolVersionSelect({ value, onChange }: ProtocolVersionSelectProps) {
  const id = useId();
  return (
    <div className="field-inline">
      <label htmlFor={id}>Protocol version</label>
      <select
        id={id}
        value={value ?? 'any'}
        onChange={(event) => {
          const next = VERSIONS.find((version) => version === event.target.value);
          onChange(next);
        }}
      >
        <option value="any">Any (accept every era)</option>
        {VERSIONS.map((version) => (
          <option key={version} value={version}>
            {version}
          </option>
        ))}
      </select>
    </div>
  );
}
