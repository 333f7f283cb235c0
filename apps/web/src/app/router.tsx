import Box from '@mui/material/Box';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { setSignOutNavigator } from '../lib/sign-out';
import { redirectIfSignedIn, requireToken, requireUser } from './guards';
import { RootLayout } from './root-layout';

/**
 * The `plans` page of a neuron's pages: of the route's `:neuron`, or of the neuron
 * `loadNeuron` gives (a contract's constant, loaded with the page rather than at the start).
 */
function plansRoute(loadNeuron?: () => Promise<string>): RouteObject {
  return {
    path: 'plans',
    ErrorBoundary: RouteError,
    lazy: async () => {
      const [{ PlansPage }, { loadPlans }, neuron] = await Promise.all([
        import('../features/billing/pages/plans-page'),
        import('../features/billing/api/route-loaders'),
        loadNeuron?.(),
      ]);
      return {
        loader: ({ params }) => loadPlans(neuron ?? params.neuron ?? ''),
        Component: () => <PlansPage neuron={neuron} />,
      };
    },
  };
}

/** Every page is a lazy chunk, so the sign-in page downloads only what it shows. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        path: '/sign-in',
        loader: redirectIfSignedIn,
        ErrorBoundary: RouteError,
        lazy: async () => ({
          Component: (await import('../features/auth/pages/sign-in-page')).SignInPage,
        }),
      },
      {
        path: '/sign-up',
        ErrorBoundary: RouteError,
        lazy: async () => ({
          Component: (await import('../features/auth/pages/sign-up-page')).SignUpPage,
        }),
      },
      {
        path: '/forgot',
        ErrorBoundary: RouteError,
        lazy: async () => ({
          Component: (await import('../features/auth/pages/forgot-password-page'))
            .ForgotPasswordPage,
        }),
      },
      {
        path: '/reset_password/:token',
        ErrorBoundary: RouteError,
        lazy: async () => ({
          Component: (await import('../features/auth/pages/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        path: '/registration_confirm/:token',
        ErrorBoundary: RouteError,
        lazy: async () => ({
          Component: (await import('../features/auth/pages/registration-confirm-page'))
            .RegistrationConfirmPage,
        }),
      },
      {
        path: '/email_confirm/:token',
        ErrorBoundary: RouteError,
        lazy: async () => ({
          Component: (await import('../features/auth/pages/email-confirm-page')).EmailConfirmPage,
        }),
      },
      {
        path: '/invitation_confirm/:token',
        ErrorBoundary: RouteError,
        lazy: async () => ({
          Component: (await import('../features/auth/pages/invitation-confirm-page'))
            .InvitationConfirmPage,
        }),
      },
      {
        path: '/admin',
        loader: requireToken,
        ErrorBoundary: RouteError,
        lazy: async () => ({
          Component: (await import('../features/admin/pages/admin-page')).AdminPage,
        }),
      },
      {
        path: '/admin/promotion-codes',
        loader: requireToken,
        ErrorBoundary: RouteError,
        lazy: async () => ({
          Component: (await import('../features/admin/pages/promotion-codes-page'))
            .PromotionCodesPage,
        }),
      },
      {
        path: '/admin/domains',
        loader: requireToken,
        ErrorBoundary: RouteError,
        lazy: async () => ({
          Component: (await import('../features/admin/pages/domains-page')).DomainsPage,
        }),
      },
      {
        path: '/adminRegister',
        loader: requireToken,
        ErrorBoundary: RouteError,
        lazy: async () => ({
          Component: (await import('../features/admin/pages/admin-register-page'))
            .AdminRegisterPage,
        }),
      },
      {
        // Standalone: open without a session, the LegalMind token is typed in (or prefilled).
        path: '/anonymizeDocs',
        ErrorBoundary: RouteError,
        lazy: async () => ({
          Component: (await import('../features/anonymizer/pages/anonymize-docs-page'))
            .AnonymizeDocsPage,
        }),
      },
      {
        path: '/',
        loader: requireUser,
        ErrorBoundary: RouteError,
        lazy: async () => ({ Component: (await import('./shell/app-shell')).AppShell }),
        children: [
          { index: true, loader: () => redirect('/home') },
          {
            path: 'home',
            ErrorBoundary: RouteError,
            lazy: async () => ({
              Component: (await import('../features/home/pages/home-page')).HomePage,
            }),
          },
          {
            path: 'cortex/welcome',
            ErrorBoundary: RouteError,
            lazy: async () => ({
              Component: (await import('../features/cortex/pages/welcome-page')).WelcomePage,
            }),
          },
          {
            path: 'cortex/dashboard',
            ErrorBoundary: RouteError,
            lazy: async () => ({
              Component: (await import('../features/cortex/pages/dashboard-page')).DashboardPage,
            }),
          },
          {
            // The Financial Viewer's tabs; its plans and API tabs open the neuron pages below.
            path: 'neurons/FinancialViewer',
            ErrorBoundary: RouteError,
            lazy: async () => ({
              Component: (
                await import('../features/financial-viewer/pages/financial-viewer-layout')
              ).FinancialViewerLayout,
            }),
            children: [
              {
                index: true,
                loader: () => redirect('/neurons/FinancialViewer/financialConnection'),
              },
              {
                path: 'financialConnection',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/financial-viewer/pages/connections-page'))
                    .ConnectionsPage,
                }),
              },
              {
                path: 'financialAccounts',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/financial-viewer/pages/accounts-page'))
                    .AccountsPage,
                }),
              },
              {
                path: 'financialTransactional',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/financial-viewer/pages/transactions-page'))
                    .TransactionsPage,
                }),
              },
              {
                path: 'categorization',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (
                    await import('../features/financial-viewer/pages/categorization-page')
                  ).CategorizationPage,
                }),
              },
              {
                path: 'cashflows',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/financial-viewer/pages/cashflow-page'))
                    .CashflowPage,
                }),
              },
              {
                path: 'import',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/financial-viewer/pages/import-page'))
                    .ImportPage,
                }),
              },
            ],
          },
          {
            // Nucleus (Sinteza): its own pages; plans and API reuse the billing pages for it.
            path: 'nucleus',
            ErrorBoundary: RouteError,
            lazy: async () => ({
              Component: (await import('../features/nucleus/pages/nucleus-layout')).NucleusLayout,
            }),
            children: [
              { index: true, loader: () => redirect('/nucleus/synthesizers') },
              {
                path: 'synthesize',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/nucleus/pages/synthesize-page'))
                    .SynthesizePage,
                }),
              },
              {
                path: 'synthesizers',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/nucleus/pages/runs-page')).RunsPage,
                }),
              },
              {
                path: 'synthesizers/runs/:runId',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/nucleus/pages/run-detail-page'))
                    .RunDetailPage,
                }),
              },
              {
                path: 'usage',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/nucleus/pages/usage-page')).UsagePage,
                }),
              },
              {
                path: 'api',
                ErrorBoundary: RouteError,
                lazy: async () => {
                  // The contract comes with the page: its schemas would weigh on every start.
                  const [{ TokenPage }, { ApiDocsLink }, { NUCLEUS_NEURON }] = await Promise.all([
                    import('../features/billing/pages/token-page'),
                    import('../features/nucleus/components/api-docs-link'),
                    import('@app/contracts/nucleus'),
                  ]);
                  // The token, then where the Sinteza API is described and tried.
                  return {
                    Component: () => (
                      <Box sx={{ display: 'grid', gap: 2 }}>
                        <TokenPage neuron={NUCLEUS_NEURON} plansPath="/nucleus/plans" />
                        <ApiDocsLink />
                      </Box>
                    ),
                  };
                },
              },
              {
                path: 'edge',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/nucleus/pages/edge-page')).EdgePage,
                }),
              },
              plansRoute(async () => (await import('@app/contracts/nucleus')).NUCLEUS_NEURON),
            ],
          },
          {
            // Axon (a team's own data in Dataverse): its datasets with status and sales.
            path: 'axon/my-data',
            ErrorBoundary: RouteError,
            lazy: async () => ({
              Component: (await import('../features/dataverse/axon/pages/my-data-page')).MyDataPage,
            }),
          },
          {
            // The add-data wizard: a new dataset, or (?datasetId=) a new version of one.
            path: 'axon/add-data',
            ErrorBoundary: RouteError,
            lazy: async () => ({
              Component: (await import('../features/dataverse/axon/pages/add-data-page'))
                .AddDataPage,
            }),
          },
          {
            path: 'axon/my-data/my-datasets/:datasetId',
            ErrorBoundary: RouteError,
            lazy: async () => ({
              Component: (await import('../features/dataverse/axon/pages/my-dataset-page'))
                .MyDatasetPage,
            }),
          },
          {
            // A public dataset of another team, as a seller sees it.
            path: 'axon/my-data/datasets/:datasetId',
            ErrorBoundary: RouteError,
            lazy: async () => ({
              Component: (await import('../features/dataverse/axon/pages/public-dataset-page'))
                .PublicDatasetPage,
            }),
          },
          {
            path: 'axon/metrics',
            ErrorBoundary: RouteError,
            lazy: async () => ({
              Component: (await import('../features/dataverse/axon/pages/metrics-page'))
                .MetricsPage,
            }),
          },
          {
            // Dataverse: the catalogue (with its filter panel) and a dataset's details.
            path: 'dataverse',
            ErrorBoundary: RouteError,
            lazy: async () => ({
              Component: (await import('../features/dataverse/pages/dataverse-layout'))
                .DataverseLayout,
            }),
            children: [
              { index: true, loader: () => redirect('/dataverse/data-catalog') },
              // The spec's Dataverse metrics are the seller's figures, which Axon shows.
              { path: 'metrics', loader: () => redirect('/axon/metrics') },
              {
                path: 'data-catalog',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/dataverse/pages/catalogue-page'))
                    .CataloguePage,
                }),
              },
              {
                path: 'data-catalog/filter',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/dataverse/pages/catalogue-page'))
                    .CataloguePage,
                }),
              },
              {
                path: 'monetize',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/dataverse/axon/pages/monetize-page'))
                    .MonetizePage,
                }),
              },
              {
                path: 'data-catalog/:datasetId',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/dataverse/pages/dataset-page')).DatasetPage,
                }),
              },
              {
                // The team's purchases, and one purchase with its downloads (issue 16).
                path: 'purchases',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/dataverse/pages/purchases-page'))
                    .PurchasesPage,
                }),
              },
              {
                path: 'purchase/:purchaseId',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/dataverse/pages/purchase-page'))
                    .PurchasePage,
                }),
              },
            ],
          },
          {
            // Every neuron's pages (the Financial Viewer's module tabs above link to them):
            // its API pages, LegalMind's anonymizer and insights, and the plans and token.
            path: 'neurons/:neuron',
            ErrorBoundary: RouteError,
            lazy: async () => ({
              Component: (await import('../features/neuron-access/pages/neuron-layout'))
                .NeuronLayout,
            }),
            children: [
              {
                index: true,
                loader: ({ params }) =>
                  redirect(`/neurons/${encodeURIComponent(params.neuron ?? '')}/overview`),
              },
              {
                path: 'overview',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/neuron-access/pages/overview-page'))
                    .OverviewPage,
                }),
              },
              {
                path: 'test',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/neuron-access/pages/test-page')).TestPage,
                }),
              },
              {
                path: 'integration',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/neuron-access/pages/integration-page'))
                    .IntegrationPage,
                }),
              },
              {
                path: 'usage',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/neuron-access/pages/usage-page')).UsagePage,
                }),
              },
              {
                path: 'performance',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/neuron-access/pages/performance-page'))
                    .PerformancePage,
                }),
              },
              {
                path: 'anonymize',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (
                    await import('../features/anonymizer/pages/legal-mind-anonymize-page')
                  ).LegalMindAnonymizePage,
                }),
              },
              {
                path: 'documentsInsights',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/anonymizer/pages/documents-insights-page'))
                    .DocumentsInsightsPage,
                }),
              },
              plansRoute(),
              {
                path: 'token',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/billing/pages/token-page')).TokenPage,
                }),
              },
            ],
          },
          {
            path: 'sandbox/challenge/:intentId',
            ErrorBoundary: RouteError,
            lazy: async () => ({
              Component: (await import('../features/billing/pages/challenge-page')).ChallengePage,
            }),
          },
          {
            path: 'account',
            ErrorBoundary: RouteError,
            lazy: async () => ({
              Component: (await import('../features/account/pages/account-layout')).AccountLayout,
            }),
            children: [
              { index: true, loader: () => redirect('/account/profile') },
              {
                path: 'profile',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/account/pages/profile-page')).ProfilePage,
                }),
              },
              {
                path: 'team',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/team/pages/team-page')).TeamPage,
                }),
              },
              {
                path: 'security',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/account/pages/security-page')).SecurityPage,
                }),
              },
              {
                path: 'payment',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/billing/pages/payment-page')).PaymentPage,
                }),
              },
              {
                path: 'billing',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/billing/pages/billing-page')).BillingPage,
                }),
              },
              {
                path: 'subscription',
                ErrorBoundary: RouteError,
                lazy: async () => {
                  const [{ SubscriptionPage }, { loadSubscriptions }] = await Promise.all([
                    import('../features/billing/pages/subscription-page'),
                    import('../features/billing/api/route-loaders'),
                  ]);
                  return { loader: loadSubscriptions, Component: SubscriptionPage };
                },
              },
              {
                path: 'support',
                ErrorBoundary: RouteError,
                lazy: async () => ({
                  Component: (await import('../features/account/pages/support-page')).SupportPage,
                }),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        ErrorBoundary: RouteError,
        lazy: async () => ({
          Component: (await import('../features/misc/pages/not-found-page')).NotFoundPage,
        }),
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setSignOutNavigator((path) => {
    void router.navigate(path, { replace: true });
  });
  return router;
}
