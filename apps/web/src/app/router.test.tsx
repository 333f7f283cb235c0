import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_QUERY_KEY } from '../lib/auth';
import { queryClient } from '../lib/query-client';
import { errorBody, recordedCalls, stubFetch, type StubReply } from '../test/fetch-stub';
import { buildPlan, buildSubscription, buildUser } from '../test/fixtures';
import { renderRoutes } from '../test/render';
import { routes } from './router';

/** The answers of the plans and subscriptions pages' data for a team without a plan. */
const BILLING_DATA: Record<string, StubReply> = {
  'GET /api/info/LegalMind': {
    body: {
      id: 'LegalMind',
      name: 'LegalMind',
      description: 'Legal texts.',
      imageUrl: '',
      path: '/neurons/LegalMind',
      microserviceUrl: 'http://localhost/v1/legalmind',
    },
  },
  'GET /api/availableplans/LegalMind': { body: [buildPlan()] },
  'GET /api/currentplan/LegalMind': { body: { currentPlan: null, currentSubscription: null } },
  'GET /api/microservice/access/LegalMind': { body: { isSubscribed: false, plan: null } },
  'GET /api/user/subscriptions': { body: [buildSubscription()] },
  'GET /api/payments/payment_methods': { body: [] },
};

describe('routes', () => {
  it('sends a visitor without a session from / to sign-in', async () => {
    const { router } = renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('sends a signed-in user from /sign-in to /home, inside the app shell', async () => {
    localStorage.setItem('token', 'jwt');
    stubFetch({ 'GET /api/user': { body: buildUser() } });
    const { router } = renderRoutes(routes, '/sign-in');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ana' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      '/account/support',
    );
  });

  it('knows the signed-in user before it shows the app, so the shell renders with its page', async () => {
    localStorage.setItem('token', 'jwt');
    const spy = stubFetch({ 'GET /api/user': { body: buildUser() } });
    const { router } = renderRoutes(routes, '/home');
    const userWhenShown = new Promise((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return;
        unsubscribe();
        resolve(queryClient.getQueryData(USER_QUERY_KEY));
      });
    });
    expect(await userWhenShown).toEqual(buildUser());
    expect(await screen.findByRole('heading', { name: 'Welcome, Ana' })).toBeInTheDocument();
    expect(recordedCalls(spy).filter((call) => call.path === '/api/user')).toHaveLength(1);
  });

  it('shows a failed user fetch in the shell, with a retry that opens the app', async () => {
    localStorage.setItem('token', 'jwt');
    let isFailing = true;
    stubFetch({
      'GET /api/user': () =>
        isFailing ? { status: 429, body: errorBody('RATE_LIMITED') } : { body: buildUser() },
    });
    const { user } = renderRoutes(routes, '/home');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    isFailing = false;
    await user.click(retry);
    expect(await screen.findByRole('heading', { name: 'Welcome, Ana' })).toBeInTheDocument();
  });

  it('sends a platform administrator (role 4) to /admin', async () => {
    localStorage.setItem('token', 'jwt');
    stubFetch({ 'GET /api/user': { body: buildUser({ roles: [4] }) } });
    const { router } = renderRoutes(routes, '/home');
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('opens the account area on the profile tab with breadcrumbs', async () => {
    localStorage.setItem('token', 'jwt');
    stubFetch({ 'GET /api/user': { body: buildUser() } });
    const { router } = renderRoutes(routes, '/account');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/profile');
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Team',
      'Security',
      'Payment',
      'Billing',
      'Subscription',
      'Support',
    ]);
    expect(screen.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveTextContent(
      'Account›Profile',
    );
  });

  it('opens the team tab for the team owner', async () => {
    localStorage.setItem('token', 'jwt');
    stubFetch({
      'GET /api/user': { body: buildUser() },
      'GET /api/team': { body: { members: [], maxMembers: 20 } },
    });
    const { user, router } = renderRoutes(routes, '/account/profile');
    const teamTab = await screen.findByRole('tab', { name: 'Team' });
    expect(teamTab).not.toHaveAttribute('aria-disabled', 'true');
    await user.click(teamTab);
    expect(await screen.findByRole('heading', { name: 'Team' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/team');
    expect(screen.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveTextContent(
      'Account›Team',
    );
  });

  it.each([
    ['an admin member', [7]],
    ['a guest member', [6]],
  ])('disables the team tab for %s and sends /account/team to the profile', async (_, roles) => {
    localStorage.setItem('token', 'jwt');
    const spy = stubFetch({ 'GET /api/user': { body: buildUser({ roles }) } });
    const { router } = renderRoutes(routes, '/account/team');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/profile');
    expect(screen.getByRole('tab', { name: 'Team' })).toHaveAttribute('aria-disabled', 'true');
    expect(recordedCalls(spy).some((call) => call.path === '/api/team')).toBe(false);
  });

  it.each(['/account/payment', '/account/billing', '/account/subscription'])(
    'disables the billing tabs for a guest member and sends %s to the profile',
    async (path) => {
      localStorage.setItem('token', 'jwt');
      const spy = stubFetch({ 'GET /api/user': { body: buildUser({ roles: [6] }) } });
      const { router } = renderRoutes(routes, path);
      expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/account/profile');
      for (const name of ['Payment', 'Billing', 'Subscription']) {
        expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-disabled', 'true');
      }
      // No billing call is made: the server's 403 would sign the guest out.
      expect(recordedCalls(spy).map((call) => call.path)).toEqual(['/api/user']);
    },
  );

  it('opens the subscription tab for an admin member, with its breadcrumb', async () => {
    localStorage.setItem('token', 'jwt');
    stubFetch({
      'GET /api/user': { body: buildUser({ roles: [7] }) },
      'GET /api/user/subscriptions': { body: [] },
      'GET /api/payments/payment_methods': { body: [] },
    });
    const { user, router } = renderRoutes(routes, '/account/profile');
    const tab = await screen.findByRole('tab', { name: 'Subscription' });
    expect(tab).not.toHaveAttribute('aria-disabled', 'true');
    await user.click(tab);
    expect(await screen.findByRole('heading', { name: 'Subscriptions' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/subscription');
    expect(screen.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveTextContent(
      'Account›Subscription',
    );
  });

  it.each([
    [
      'plans',
      '/neurons/LegalMind/plans',
      'LegalMind plans',
      ['/api/info/LegalMind', '/api/availableplans/LegalMind', '/api/currentplan/LegalMind'],
    ],
    [
      'subscriptions',
      '/account/subscription',
      'Subscriptions',
      ['/api/user/subscriptions', '/api/payments/payment_methods'],
    ],
  ])(
    "fetches the %s page's data before it shows the page, once",
    async (_, path, heading, dataPaths) => {
      localStorage.setItem('token', 'jwt');
      const spy = stubFetch({ 'GET /api/user': { body: buildUser() }, ...BILLING_DATA });
      const { router } = renderRoutes(routes, path);
      const dataWhenShown = new Promise((resolve) => {
        const unsubscribe = router.subscribe((state) => {
          if (!state.initialized) return;
          unsubscribe();
          resolve(recordedCalls(spy).map((call) => call.path));
        });
      });
      expect(await dataWhenShown).toEqual(expect.arrayContaining(dataPaths));
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      // The neuron layout reads the neuron's info too, under its own key.
      for (const dataPath of dataPaths.filter((one) => !one.startsWith('/api/info/'))) {
        expect(recordedCalls(spy).filter((call) => call.path === dataPath)).toHaveLength(1);
      }
    },
  );

  it.each([
    ['plans', '/neurons/LegalMind/plans', 'GET /api/availableplans/LegalMind', 'LegalMind plans'],
    ['subscriptions', '/account/subscription', 'GET /api/user/subscriptions', 'Subscriptions'],
  ])(
    "shows a failed fetch of the %s page's data in the page, with a retry that loads it",
    async (_, path, failingCall, heading) => {
      localStorage.setItem('token', 'jwt');
      let isFailing = true;
      const failing = BILLING_DATA[failingCall];
      stubFetch({
        'GET /api/user': { body: buildUser() },
        ...BILLING_DATA,
        [failingCall]: () =>
          isFailing ? { status: 429, body: errorBody('RATE_LIMITED') } : (failing ?? {}),
      });
      const { user } = renderRoutes(routes, path);
      const retry = await screen.findByRole('button', { name: 'Retry' });
      isFailing = false;
      await user.click(retry);
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    },
  );

  it('opens the invitation page without a session', async () => {
    const { router } = renderRoutes(routes, '/invitation_confirm/some-token-0123456789');
    expect(await screen.findByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invitation_confirm/some-token-0123456789');
  });

  it('opens the legal-text anonymizer without a session, as a top-level lazy route', async () => {
    const spy = stubFetch();
    const { router } = renderRoutes(routes, '/anonymizeDocs');
    expect(
      await screen.findByRole('heading', { name: 'Anonymize legal text' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/anonymizeDocs');
    // Without a session there is no token to look up.
    expect(spy).not.toHaveBeenCalled();
  });

  it('opens the add-user form for a platform administrator only', async () => {
    localStorage.setItem('token', 'jwt');
    stubFetch({ 'GET /api/user': { body: buildUser({ roles: [4] }) } });
    renderRoutes(routes, '/adminRegister');
    expect(await screen.findByRole('heading', { name: 'Create new user' })).toBeInTheDocument();
  });

  it('sends an ordinary user away from the add-user form', async () => {
    localStorage.setItem('token', 'jwt');
    stubFetch({ 'GET /api/user': { body: buildUser() } });
    const { router } = renderRoutes(routes, '/adminRegister');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ana' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('logs out from the user menu', async () => {
    localStorage.setItem('token', 'jwt');
    stubFetch({ 'GET /api/user': { body: buildUser() } });
    const { router, user } = renderRoutes(routes, '/home');
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('opens the Financial Viewer on its connections tab, and keeps its plans page', async () => {
    localStorage.setItem('token', 'jwt');
    stubFetch({
      'GET /api/user': { body: buildUser() },
      'GET /api/currentplan/FinancialViewer': {
        body: { currentPlan: null, currentSubscription: null },
      },
      'GET /api/microservice/access/FinancialViewer': { body: { isSubscribed: false, plan: null } },
      'GET /api/financialviewer/banks': { body: [] },
      'GET /api/info/FinancialViewer': {
        body: {
          id: 'FinancialViewer',
          name: 'Financial Viewer',
          description: 'Banks.',
          imageUrl: '',
          path: '/neurons/FinancialViewer',
          microserviceUrl: 'http://localhost/v1/financial',
        },
      },
      'GET /api/availableplans/FinancialViewer': { body: [] },
    });
    const { router, user } = renderRoutes(routes, '/neurons/FinancialViewer');
    expect(await screen.findByRole('tab', { name: 'Connections' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(router.state.location.pathname).toBe('/neurons/FinancialViewer/financialConnection');
    await user.click(screen.getByRole('tab', { name: 'Plans' }));
    expect(
      await screen.findByRole('heading', { name: 'Financial Viewer plans' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/neurons/FinancialViewer/plans');
  });

  it('opens Nucleus on its runs, under the overlay without a plan, and its plans page at /nucleus/plans', async () => {
    localStorage.setItem('token', 'jwt');
    stubFetch({
      'GET /api/user': { body: buildUser() },
      'GET /api/microservice/access/Nucleus': { body: { isSubscribed: false, plan: null } },
      'GET /api/currentplan/Nucleus': { body: { currentPlan: null, currentSubscription: null } },
      'GET /api/info/Nucleus': {
        body: {
          id: 'Nucleus',
          name: 'Nucleus (Sinteza)',
          description: 'Synthetic data.',
          imageUrl: '',
          path: '/neurons/Nucleus',
          microserviceUrl: 'http://localhost/v1/sinteza',
        },
      },
      'GET /api/availableplans/Nucleus': { body: [] },
    });
    const { router, user } = renderRoutes(routes, '/nucleus');
    // The module's chunk is transformed on first use in the test.
    expect(await screen.findByRole('tab', { name: 'Synthesizers' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(router.state.location.pathname).toBe('/nucleus/synthesizers');
    expect(
      await screen.findByText(
        'You need a Nucleus plan to use this page. The free plan is enough to start.',
      ),
    ).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Nucleus' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(screen.getByRole('link', { name: 'Go to plans' }));
    expect(
      await screen.findByRole('heading', { name: 'Nucleus (Sinteza) plans' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/nucleus/plans');
  });

  it('opens Dataverse on its catalogue, with the Data Catalog tab and METRICS disabled', async () => {
    localStorage.setItem('token', 'jwt');
    stubFetch({
      'GET /api/user': { body: buildUser() },
      'GET /api/dataverse/datasets': { body: { items: [], total: 0, page: 1, pageSize: 20 } },
    });
    const { router } = renderRoutes(routes, '/dataverse');
    expect(await screen.findByRole('tab', { name: 'Data Catalog' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(router.state.location.pathname).toBe('/dataverse/data-catalog');
    expect(screen.getByRole('tab', { name: 'METRICS' })).toBeDisabled();
    expect(await screen.findByText('No data.')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dataverse' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('sends the spec route /dataverse/metrics to the seller metrics of Axon', async () => {
    localStorage.setItem('token', 'jwt');
    const totals = { datasets: 0, published: 0, views: 0, purchases: 0, revenue: 0 };
    stubFetch({
      'GET /api/user': { body: buildUser() },
      'GET /api/axon/metrics': { body: { totals, days: [], datasets: [] } },
    });
    const { router } = renderRoutes(routes, '/dataverse/metrics');
    expect(await screen.findByRole('heading', { name: 'Seller metrics' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/axon/metrics');
  });

  it('opens LegalMind on its overview, marked in the navigation', async () => {
    localStorage.setItem('token', 'jwt');
    stubFetch({
      'GET /api/user': { body: buildUser() },
      'GET /api/info/LegalMind': {
        body: {
          id: 'LegalMind',
          name: 'LegalMind',
          description: 'Anonymises legal texts.',
          imageUrl: '',
          path: '/neurons/LegalMind',
          microserviceUrl: 'http://localhost/v1',
        },
      },
      'GET /api/microservice/access/LegalMind': { body: { isSubscribed: false, plan: null } },
    });
    const { router } = renderRoutes(routes, '/neurons/LegalMind');
    expect(await screen.findByRole('heading', { name: 'LegalMind overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/neurons/LegalMind/overview');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'Go to plans' })).toHaveAttribute(
      'href',
      '/neurons/LegalMind/plans',
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'LegalMind' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('links the Financial Viewer module and its API pages both ways', async () => {
    localStorage.setItem('token', 'jwt');
    stubFetch({
      'GET /api/user': { body: buildUser() },
      'GET /api/currentplan/FinancialViewer': {
        body: { currentPlan: null, currentSubscription: null },
      },
      'GET /api/financialviewer/banks': { body: [] },
      'GET /api/info/FinancialViewer': {
        body: {
          id: 'FinancialViewer',
          name: 'Financial Viewer',
          description: 'Banks.',
          imageUrl: '',
          path: '/neurons/FinancialViewer',
          microserviceUrl: 'http://localhost/v1/financial',
        },
      },
      'GET /api/microservice/access/FinancialViewer': { body: { isSubscribed: false, plan: null } },
    });
    const { router, user } = renderRoutes(routes, '/neurons/FinancialViewer/financialConnection');
    await user.click(await screen.findByRole('tab', { name: 'API' }));
    expect(
      await screen.findByRole('heading', { name: 'Financial Viewer overview' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/neurons/FinancialViewer/overview');
    await user.click(screen.getByRole('tab', { name: 'Financial Viewer' }));
    expect(await screen.findByRole('tab', { name: 'Connections' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(router.state.location.pathname).toBe('/neurons/FinancialViewer/financialConnection');
  });

  it('reaches every section from the navigation menu', async () => {
    localStorage.setItem('token', 'jwt');
    stubFetch({ 'GET /api/user': { body: buildUser() } });
    const { router, user } = renderRoutes(routes, '/home');
    await screen.findByRole('heading', { name: 'Welcome, Ana' });
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/home'],
      ['Dashboard', '/cortex/dashboard'],
      ['Financial Viewer', '/neurons/FinancialViewer'],
      ['LegalMind', '/neurons/LegalMind'],
      ['Nucleus', '/nucleus/synthesizers'],
      ['Dataverse', '/dataverse/data-catalog'],
      ['Account', '/account'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav).getByRole('link', { name: 'Account' }));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/profile');
  });

  it('leads a team without a subscription from home to the welcome page, then the dashboard', async () => {
    localStorage.setItem('token', 'jwt');
    stubFetch({
      'GET /api/user': { body: buildUser() },
      'GET /api/user/subscriptions': { body: [] },
      'GET /api/listneurons': { body: [] },
    });
    const { router, user } = renderRoutes(routes, '/home');
    await user.click(
      await screen.findByRole('link', { name: 'Get started with your first module' }),
    );
    expect(
      await screen.findByRole('heading', { name: "Welcome to your team's modules" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cortex/welcome');
    await user.click(screen.getByRole('link', { name: 'See how your team uses its modules' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cortex/dashboard');
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('offers no welcome link once the team has an active subscription, nor to a member', async () => {
    localStorage.setItem('token', 'jwt');
    const spy = stubFetch({
      'GET /api/user': { body: buildUser() },
      'GET /api/user/subscriptions': { body: [buildSubscription()] },
    });
    renderRoutes(routes, '/home');
    await screen.findByRole('heading', { name: 'Welcome, Ana' });
    await waitFor(() => {
      expect(recordedCalls(spy).some((call) => call.path === '/api/user/subscriptions')).toBe(true);
    });
    expect(screen.queryByRole('link', { name: 'Get started with your first module' })).toBeNull();
  });

  it('reads no subscriptions on the home page of a guest member', async () => {
    localStorage.setItem('token', 'jwt');
    const spy = stubFetch({ 'GET /api/user': { body: buildUser({ roles: [6] }) } });
    renderRoutes(routes, '/home');
    await screen.findByRole('heading', { name: 'Welcome, Ana' });
    expect(recordedCalls(spy).map((call) => call.path)).toEqual(['/api/user']);
    expect(screen.queryByRole('link', { name: 'Get started with your first module' })).toBeNull();
  });

  it('shows Page Not Found for an unknown address', async () => {
    renderRoutes(routes, '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});
