import { GOCARDLESS_LOGO_SOURCES } from './banking/gocardless/gocardless-mapping.js';

const SELF = "'self'";

/**
 * The helmet Content-Security-Policy: our own origin only. With the Stripe gateway, Stripe.js,
 * its Elements and 3-D Secure frames and its API are allowed too (Stripe's CSP guide); with
 * GoCardless, the hosts of its bank logos are allowed as images. The sandboxes keep the tight
 * policy. With S3 storage, the bucket's origin is allowed for images (the files route redirects
 * to it) and for connections (the browser PUTs uploads to it).
 */
export function contentSecurityDirectives(options: {
  hasStripe: boolean;
  hasGoCardless?: boolean;
  storageOrigin?: string;
}) {
  const storage = options.storageOrigin ? [options.storageOrigin] : [];
  const directives = {
    defaultSrc: [SELF],
    imgSrc: [
      SELF,
      'data:',
      'blob:',
      ...(options.hasGoCardless ? GOCARDLESS_LOGO_SOURCES : []),
      ...storage,
    ],
    // MUI (emotion) injects style elements at run time.
    styleSrc: [SELF, "'unsafe-inline'"],
    scriptSrc: [SELF],
    connectSrc: [SELF, ...storage],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
  if (!options.hasStripe) return directives;
  return {
    ...directives,
    scriptSrc: [SELF, 'https://js.stripe.com', 'https://*.js.stripe.com'],
    frameSrc: [
      SELF,
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ],
    connectSrc: [SELF, 'https://api.stripe.com', ...storage],
  };
}
