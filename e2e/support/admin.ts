/** The platform administrator the e2e server creates at start from ADMIN_EMAIL/ADMIN_PASSWORD. */
export const E2E_ADMIN = { email: 'admin@neuron-platform.test', password: 'Admin#Pass97' };
