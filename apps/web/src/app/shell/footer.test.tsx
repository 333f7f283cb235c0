import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/fixtures';
import { renderRoute } from '../../test/render';
import { Footer } from './footer';

describe('Footer', () => {
  it('links to the documentation and to support', () => {
    renderRoute({
      path: '/home',
      element: <Footer user={buildUser()} docsUrl="https://docs.example" isDocsDisabled={false} />,
    });
    expect(screen.getByRole('link', { name: 'Documentation' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Support' })).toHaveAttribute(
      'href',
      '/account/support',
    );
    expect(screen.getByText(/© \d{4} Neuron Platform/)).toBeInTheDocument();
  });

  it('hides the documentation link from a blocked user', () => {
    renderRoute({
      path: '/home',
      element: (
        <Footer
          user={buildUser({ blocked: true })}
          docsUrl="https://docs.example"
          isDocsDisabled={false}
        />
      ),
    });
    expect(screen.queryByText('Documentation')).not.toBeInTheDocument();
  });

  it('shows the documentation link disabled while the build flag is set', () => {
    renderRoute({
      path: '/home',
      element: <Footer user={buildUser()} docsUrl="https://docs.example" isDocsDisabled />,
    });
    expect(screen.queryByRole('link', { name: 'Documentation' })).not.toBeInTheDocument();
    expect(screen.getByText('Documentation')).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the documentation link disabled while no address is configured', () => {
    renderRoute({ path: '/home', element: <Footer user={buildUser()} docsUrl={null} /> });
    expect(screen.getByText('Documentation')).toHaveAttribute('aria-disabled', 'true');
  });
});
