import { Button, TablePagination, ThemeProvider } from '@mui/material';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildTheme } from './theme';

describe('theme', () => {
  it.each(['en-US', 'es'])(
    'shows every button label in capitals in %s, whatever its text case',
    (language) => {
      render(
        <ThemeProvider theme={buildTheme(language)}>
          <Button>Save</Button>
          <Button>SEND INVITE</Button>
        </ThemeProvider>,
      );
      for (const name of ['Save', 'SEND INVITE']) {
        expect(getComputedStyle(screen.getByRole('button', { name })).textTransform).toBe(
          'uppercase',
        );
      }
    },
  );

  it.each([
    ['en-US', 'Rows per page:'],
    ['es', 'Filas por página:'],
  ])("gives MUI's own texts in %s", (language, label) => {
    render(
      <ThemeProvider theme={buildTheme(language)}>
        <TablePagination
          component="div"
          count={30}
          page={0}
          rowsPerPage={10}
          onPageChange={() => undefined}
        />
      </ThemeProvider>,
    );
    expect(screen.getByText(label)).toBeInTheDocument();
  });
});
