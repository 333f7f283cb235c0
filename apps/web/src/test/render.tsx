import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { setSignOutNavigator } from '../lib/sign-out';

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

type RenderRouteOptions = {
  /** Route pattern of the element, such as `/reset_password/:token`. */
  path: string;
  element: ReactElement;
  /** Address to start at; defaults to `path`. */
  initialEntry?: string;
};

/**
 * Renders one page inside the app's providers and a memory router. Any other address renders
 * a probe (`getByTestId('location')`) showing where the page navigated to.
 */
export function renderRoute({ path, element, initialEntry = path }: RenderRouteOptions) {
  const routes: RouteObject[] = [
    { path, element },
    { path: '*', element: <LocationProbe /> },
  ];
  return renderRoutes(routes, initialEntry);
}

/** Renders a route table (the app's own, for router tests) inside the app's providers. */
export function renderRoutes(routes: RouteObject[], initialEntry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  setSignOutNavigator((to) => {
    void router.navigate(to, { replace: true });
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user };
}
