import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it('says "Page Not Found" and leads back to sign-in', async () => {
    const { user } = renderRoute({
      path: '/no/such/page',
      element: <NotFoundPage />,
      initialEntry: '/no/such/page',
    });
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to home' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/sign-in');
  });
});
