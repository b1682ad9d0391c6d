import { createTheme } from '@mui/material/styles';

let theme: ReturnType<typeof createTheme> | null = null;

/**
 * The UAP look: navy primary, system fonts (no web-font download). Made on first use, not when
 * the module is evaluated: making a theme is not small (30–60 ms at Lighthouse's 4× slowdown),
 * and the start makes it in a task of its own (`app/start.tsx`) instead of the scripts' evaluation.
 */
export function getTheme(): ReturnType<typeof createTheme> {
  theme ??= makeTheme();
  return theme;
}

const makeTheme = () =>
  createTheme({
    palette: {
      primary: { main: '#0d2c54' },
      secondary: { main: '#00796b' },
      background: { default: '#f4f6f9' },
      // Text on a coloured fill (chips, buttons) meets WCAG AA (4.5:1): white on MUI's orange
      // warning is 3.1:1, so it gets dark text instead.
      contrastThreshold: 4.5,
    },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '2rem', fontWeight: 600 },
      h2: { fontSize: '1.4rem', fontWeight: 600 },
      h3: { fontSize: '1.15rem', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
