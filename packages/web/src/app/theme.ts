import { createTheme } from '@mui/material/styles';

let theme: ReturnType<typeof createTheme> | null = null;

/**
 * The UAP look: navy primary, system fonts (no web-font download). Made on first use, not when
 * the module is evaluated: making a theme is not small on a phone, and the start makes it in a task of its own (`app/start.tsx`) instead of the scripts' evaluation.
 */
export function getTheme(): ReturnType<typeof createTheme> {
  theme ??= makeTheme();
  return theme;
}

const navy = '#0d2c54';

/**
 * Where the keyboard is: a 2 px navy ring 2 px outside the element, the gap between them white,
 * so it shows on the light page (navy, 14:1) and on the top bar's colour (the white gap). MUI
 * takes the outline off its buttons and marks their focus with a faint tint only.
 */
const focusRing = { outline: `2px solid ${navy}`, outlineOffset: '2px', boxShadow: '0 0 0 2px #fff' };

const notRinged = ':not([tabindex="-1"]):not(.MuiInputBase-input):not(.uap-field-input)';

const makeTheme = () =>
  createTheme({
    palette: {
      primary: { main: navy },
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
      MuiCssBaseline: {
        styleOverrides: {
          // Every control the keyboard reaches (`body` outweighs a component's own `outline: 0`).
          // Not an element focused by the app only (tabindex -1: the screen after the skip
          // link, a dialog, an error), nor a text field's input (MUI's, and the tables' copy of
          // it): the field's border turns navy and thick.
          [`body :focus-visible${notRinged}, body .MuiButtonBase-root.Mui-focusVisible`]: focusRing,
        },
      },
    },
  });
