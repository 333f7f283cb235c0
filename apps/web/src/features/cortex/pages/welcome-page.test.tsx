import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import {
  errorBody,
  recordedCalls,
  stubFetch,
  type StubReply,
  type StubbedCall,
} from '../../../test/fetch-stub';
import { buildSubscription } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render';
import { NEURONS, NO_PLAN, activePlan, signInAs } from '../testing/cortex-fixtures';
import { WelcomePage } from './welcome-page';

type Routes = Record<string, StubReply | ((call: StubbedCall) => StubReply)>;

function renderWelcome(routes: Routes = {}, roles = [5]) {
  signInAs(roles);
  const spy = stubFetch({
    'GET /api/listneurons': { body: NEURONS },
    'GET /api/currentplan/FinancialViewer': { body: activePlan('FinancialViewer', 'Pro') },
    'GET /api/currentplan/LegalMind': { body: activePlan('LegalMind') },
    'GET /api/currentplan/Nucleus': { body: NO_PLAN },
    ...routes,
  });
  return { spy, ...renderRoute({ path: '/cortex/welcome', element: <WelcomePage /> }) };
}

function card(name: string) {
  return screen.getByRole('article', { name });
}

describe('WelcomePage', () => {
  it('shows each module with what it does, whether the team has it and the next step', async () => {
    renderWelcome();
    expect(
      screen.getByRole('heading', { level: 1, name: "Welcome to your team's modules" }),
    ).toBeInTheDocument();
    const viewer = await screen.findByRole('article', { name: 'Financial Viewer' });
    expect(
      within(viewer).getByText('Bank accounts, categories and cashflow in one place.'),
    ).toBeInTheDocument();
    expect(await within(viewer).findByText('Subscribed: Pro')).toBeInTheDocument();
    expect(within(viewer).getByRole('link', { name: 'Open Financial Viewer' })).toHaveAttribute(
      'href',
      '/neurons/FinancialViewer',
    );
    expect(
      within(viewer).getByRole('link', { name: 'Get your API token for Financial Viewer' }),
    ).toHaveAttribute('href', '/neurons/FinancialViewer/token');

    const legalMind = card('LegalMind');
    expect(await within(legalMind).findByRole('link', { name: 'Open LegalMind' })).toHaveAttribute(
      'href',
      '/neurons/LegalMind/overview',
    );

    const nucleus = card('Nucleus');
    expect(await within(nucleus).findByText('Not subscribed')).toBeInTheDocument();
    expect(within(nucleus).getByRole('link', { name: 'See plans for Nucleus' })).toHaveAttribute(
      'href',
      '/neurons/Nucleus/plans',
    );
    expect(within(nucleus).queryByRole('link', { name: /^Open/ })).toBeNull();
  });

  it('lists the three steps from choosing a module to using it', () => {
    renderWelcome();
    const steps = screen.getByRole('region', { name: 'How to get started' });
    expect(
      within(steps)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Choose a module', 'Subscribe', 'Start using it']);
    expect(within(steps).getByText(/get your API token/)).toBeInTheDocument();
  });

  it('opens a subscribed module without pages of its own at its plans', async () => {
    renderWelcome({ 'GET /api/currentplan/Nucleus': { body: activePlan('Nucleus') } });
    const nucleus = await screen.findByRole('article', { name: 'Nucleus' });
    expect(await within(nucleus).findByRole('link', { name: 'Open Nucleus' })).toHaveAttribute(
      'href',
      '/nucleus/synthesizers',
    );
  });

  it('sends a team whose payment is pending, or whose subscription ended, to the plans', async () => {
    renderWelcome({
      'GET /api/currentplan/LegalMind': {
        body: { currentPlan: null, currentSubscription: buildSubscription({ status: 'PENDING' }) },
      },
      'GET /api/currentplan/Nucleus': {
        body: {
          currentPlan: null,
          currentSubscription: buildSubscription({ neuron: 'Nucleus', status: 'CANCELED' }),
        },
      },
    });
    const legalMind = await screen.findByRole('article', { name: 'LegalMind' });
    expect(await within(legalMind).findByText('Payment pending')).toBeInTheDocument();
    expect(within(legalMind).getByRole('link', { name: 'See plans for LegalMind' })).toBeVisible();
    expect(await within(card('Nucleus')).findByText('Not subscribed')).toBeInTheDocument();
  });

  it('tells a member who is not owner or admin to ask them, and reads no billing', async () => {
    const { spy } = renderWelcome({}, [6]);
    expect(
      screen.getByText(/Only your team's owner or an administrator can subscribe to modules/),
    ).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Nucleus' });
    expect(
      screen.getAllByText("Ask your team's owner or an administrator to subscribe."),
    ).toHaveLength(3);
    expect(screen.queryByRole('link', { name: /See plans/ })).toBeNull();
    // The billing routes answer 403 to members, which would sign them out.
    expect(recordedCalls(spy).map((call) => call.path)).toEqual(['/api/listneurons']);
  });

  it('lets an admin member subscribe', async () => {
    renderWelcome({}, [7]);
    expect(
      await within(await screen.findByRole('article', { name: 'Nucleus' })).findByRole('link', {
        name: 'See plans for Nucleus',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Only your team's owner/)).toBeNull();
  });

  it('shows one module whose subscription cannot be read with its own error and a retry', async () => {
    let fails = true;
    const { user } = renderWelcome({
      'GET /api/currentplan/LegalMind': () =>
        fails
          ? { status: 404, body: errorBody('NOT_FOUND', 'There is no neuron LegalMind.') }
          : { body: activePlan('LegalMind') },
    });
    const legalMind = await screen.findByRole('article', { name: 'LegalMind' });
    expect(
      await within(legalMind).findByText('This module is not available right now.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('There is no neuron LegalMind.')).toBeNull();
    expect(await within(card('Financial Viewer')).findByText('Subscribed: Pro')).toBeVisible();
    fails = false;
    await user.click(within(legalMind).getByRole('button', { name: 'Retry' }));
    expect(await within(legalMind).findByRole('link', { name: 'Open LegalMind' })).toBeVisible();
  });

  it('shows a skeleton, then the translated error of the module list, retried by keyboard', async () => {
    let fails = true;
    const { user } = renderWelcome({
      'GET /api/listneurons': () =>
        fails
          ? { status: 429, body: errorBody('RATE_LIMITED', 'Slow down, friend') }
          : { body: NEURONS },
    });
    expect(screen.getByRole('status', { name: 'Loading the modules' })).toBeInTheDocument();
    expect(
      await screen.findByText('Too many requests, please wait a moment and try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Slow down, friend')).toBeNull();
    fails = false;
    const retry = screen.getByRole('button', { name: 'Retry' });
    while (document.activeElement !== retry) await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('article', { name: 'Nucleus' })).toBeInTheDocument();
  });

  it('never shows the server sentence of a failure it has no text for', async () => {
    renderWelcome({
      'GET /api/listneurons': { status: 422, body: errorBody('BUSINESS_RULE', 'Weird rule') },
    });
    expect(
      await screen.findByText('Oops something went wrong, try again in a while.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Weird rule')).toBeNull();
  });

  it('says so when there are no modules', async () => {
    renderWelcome({ 'GET /api/listneurons': { body: [] } });
    expect(await screen.findByText('There are no modules to show yet.')).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await changeLanguage('es');
    renderWelcome();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Bienvenido a los módulos de tu equipo' }),
    ).toBeInTheDocument();
    const nucleus = await screen.findByRole('article', { name: 'Nucleus' });
    expect(await within(nucleus).findByText('Sin suscripción')).toBeInTheDocument();
    expect(within(nucleus).getByRole('link', { name: 'Ver planes de Nucleus' })).toBeVisible();
    await waitFor(() => {
      expect(
        within(card('LegalMind')).getByRole('link', { name: 'Abrir LegalMind' }),
      ).toBeVisible();
    });
  });
});
