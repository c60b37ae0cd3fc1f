// The looks the gallery shows every fixture in: the kit's own stylesheet, and two real rjsf themes passed to the
// dialog as a host would (`theme={Theme}`), each inside its design system's provider. Both design systems insert
// their styles at run time; they get the page's CSP nonce (emotion's cache for MUI, ConfigProvider's `csp` for
// Ant Design), so the strict policy holds without 'unsafe-inline'.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { ElicitationTheme } from '@elicitation-kit/react';
import { Theme as AntdTheme } from '@rjsf/antd';
import { Theme as MuiTheme } from '@rjsf/mui';
import { ConfigProvider, theme as antdThemes } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { cspNonce } from '../shared/csp-nonce.js';
import type { Theme as ColorScheme } from '../theme.js';

/** One look of the gallery. */
export interface Look {
  id: 'kit' | 'mui' | 'antd';
  /** The heading of its preview. */
  label: string;
  /** A short name (in the preview's server name and labels). */
  short: string;
  /** The rjsf theme given to the dialog (none: the kit's own widgets). */
  theme: ElicitationTheme | undefined;
  /** Its design system's provider, in the page's colour scheme. */
  Provider: (props: { scheme: ColorScheme; children: ReactNode }) => ReactNode;
}

// One emotion cache for the page load, with its nonce (emotion stamps it on every <style> it inserts).
let muiCache: ReturnType<typeof createCache> | undefined;
const muiStyleCache = (): ReturnType<typeof createCache> => {
  const nonce = cspNonce();
  muiCache ??= createCache({ key: 'mui', ...(nonce !== undefined && { nonce }) });
  return muiCache;
};

function MuiProvider({ scheme, children }: { scheme: ColorScheme; children: ReactNode }) {
  const muiTheme = useMemo(() => createTheme({ palette: { mode: scheme } }), [scheme]);
  return (
    <CacheProvider value={muiStyleCache()}>
      <ThemeProvider theme={muiTheme}>{children}</ThemeProvider>
    </CacheProvider>
  );
}

function AntdProvider({ scheme, children }: { scheme: ColorScheme; children: ReactNode }) {
  const nonce = cspNonce();
  return (
    <ConfigProvider
      {...(nonce !== undefined && { csp: { nonce } })}
      theme={{ algorithm: scheme === 'dark' ? antdThemes.darkAlgorithm : antdThemes.defaultAlgorithm }}
    >
      {children}
    </ConfigProvider>
  );
}

const Plain = ({ children }: { scheme: ColorScheme; children: ReactNode }) => children;

/** The kit's own look first, then the themes. */
export const LOOKS: readonly Look[] = [
  { id: 'kit', label: 'The kit’s own look', short: 'kit', theme: undefined, Provider: Plain },
  {
    id: 'mui',
    label: 'rjsf theme: MUI (@rjsf/mui)',
    short: 'MUI',
    // MUI's widgets label themselves (its select is named by its own label only).
    theme: { ...MuiTheme, labels: 'widget' },
    Provider: MuiProvider,
  },
  {
    id: 'antd',
    label: 'rjsf theme: Ant Design (@rjsf/antd)',
    short: 'Ant Design',
    theme: AntdTheme,
    Provider: AntdProvider,
  },
];
