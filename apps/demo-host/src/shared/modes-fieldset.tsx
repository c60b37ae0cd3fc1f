import { useId } from 'react';

/** The elicitation modes a client declares in its capabilities. */
export interface DeclaredModes {
  form: boolean;
  url: boolean;
}

/** Props of {@link ModesFieldset}. */
export interface ModesFieldsetProps {
  value: DeclaredModes;
  onChange: (value: DeclaredModes) => void;
}

/** "Declared elicitation modes": one checkbox per mode. */
export function ModesFieldset({ value, onChange }: ModesFieldsetProps) {
  const id = useId();
  return (
    <fieldset className="modes">
      <legend>Declared elicitation modes</legend>
      {(['form', 'url'] as const).map((mode) => (
        <div className="field-inline" key={mode}>
          <input
            id={`${id}${mode}`}
            type="checkbox"
            checked={value[mode]}
            onChange={(event) => onChange({ ...value, [mode]: event.target.checked })}
          />
          <label htmlFor={`${id}${mode}`}>{mode === 'form' ? 'Form mode' : 'URL mode'}</label>
        </div>
      ))}
    </fieldset>
  );
}
