// The gallery's theme panel: edit the kit's --elicitation-* variables and see the dialog change as you type.
import { useId, type CSSProperties } from 'react';
import { CodeBlock } from '../shared/json-block.js';

/** One of the kit's documented CSS variables. */
interface ThemeVariable {
  name: `--elicitation-${string}`;
  /** A colour (with a picker beside the text field) or any other CSS value. */
  kind: 'color' | 'length';
}

/** The variables the panel offers, in the order of the react package's README. */
export const THEME_VARIABLES: readonly ThemeVariable[] = [
  { name: '--elicitation-bg', kind: 'color' },
  { name: '--elicitation-fg', kind: 'color' },
  { name: '--elicitation-muted', kind: 'color' },
  { name: '--elicitation-border', kind: 'color' },
  { name: '--elicitation-accent', kind: 'color' },
  { name: '--elicitation-accent-fg', kind: 'color' },
  { name: '--elicitation-danger', kind: 'color' },
  { name: '--elicitation-warning-bg', kind: 'color' },
  { name: '--elicitation-warning-fg', kind: 'color' },
  { name: '--elicitation-host-bg', kind: 'color' },
  { name: '--elicitation-focus', kind: 'color' },
  { name: '--elicitation-radius', kind: 'length' },
  { name: '--elicitation-gap', kind: 'length' },
  { name: '--elicitation-width', kind: 'length' },
];

/** Variable name → value the user typed; unset variables keep the host's theme (or the kit's default). */
export type ThemeOverrides = Readonly<Record<string, string>>;

/** A six-digit hex colour, the only form `<input type="color">` takes. */
const HEX_COLOR = /^#[\da-f]{6}$/i;

/** The overrides as a `style` for the dialog (custom properties are set with `setProperty`: CSP-safe). */
export function themeStyle(overrides: ThemeOverrides): CSSProperties {
  const style: Record<string, string> = {};
  for (const [name, value] of Object.entries(overrides)) {
    if (value.trim() !== '') {
      style[name] = value.trim();
    }
  }
  return style as CSSProperties;
}

/** The overrides as the CSS a host would paste: a `:root` rule (the kit reads the variables from any ancestor). */
export function themeCss(overrides: ThemeOverrides): string {
  const lines = Object.entries(overrides)
    .filter(([, value]) => value.trim() !== '')
    .map(([name, value]) => `  ${name}: ${value.trim()};`);
  return lines.length === 0
    ? '/* Change a variable above to see the CSS for your host. */'
    : `:root {\n${lines.join('\n')}\n}`;
}

/** Props of {@link ThemePanel}. */
export interface ThemePanelProps {
  value: ThemeOverrides;
  onChange: (value: ThemeOverrides) => void;
}

/** The value the host's theme gives `name` now (read from `<html>`), or '' when it sets none. */
function themeValue(name: string): string {
  return typeof document === 'undefined'
    ? ''
    : getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

interface VariableFieldProps {
  variable: ThemeVariable;
  value: string;
  onChange: (next: string) => void;
}

function VariableField({ variable, value, onChange }: VariableFieldProps) {
  const id = useId();
  const current = themeValue(variable.name);
  const picked = HEX_COLOR.test(value) ? value : HEX_COLOR.test(current) ? current : '#000000';
  return (
    <div className="theme-variable">
      <label htmlFor={id}>{variable.name}</label>
      {variable.kind === 'color' && (
        <input
          type="color"
          aria-label={`${variable.name} colour picker`}
          value={picked}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <input
        id={id}
        type="text"
        value={value}
        placeholder={current === '' ? 'kit default' : `${current} (theme)`}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * The kit's CSS variables, each with a text field (any CSS value) and, for colours, a picker. The preview dialog
 * gets them as inline custom properties; below, the same values as a `:root` rule to copy.
 */
export function ThemePanel({ value, onChange }: ThemePanelProps) {
  const changed = Object.values(value).some((entry) => entry.trim() !== '');
  return (
    <details className="theme-panel">
      <summary>Theme: the kit’s CSS variables, live</summary>
      <p className="hint">
        The dialog is styled by <code>@elicitation-kit/react/styles.css</code>; this host sets only its{' '}
        <code>--elicitation-*</code> variables. Change one and the preview follows.
      </p>
      <div className="theme-panel-grid">
        {THEME_VARIABLES.map((variable) => (
          <VariableField
            key={variable.name}
            variable={variable}
            value={value[variable.name] ?? ''}
            onChange={(next) => onChange({ ...value, [variable.name]: next })}
          />
        ))}
      </div>
      <button type="button" disabled={!changed} onClick={() => onChange({})}>
        Reset to the theme
      </button>
      <h3>CSS for your host</h3>
      <CodeBlock text={themeCss(value)} label="Theme CSS" className="json" />
    </details>
  );
}
