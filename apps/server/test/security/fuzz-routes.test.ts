import { fuzzRoutesSuite } from '../helpers/fuzz-routes';

// PostgreSQL has a suite of its own (fuzz-routes.postgres.test.ts), so the two run side by side.
await fuzzRoutesSuite({ engine: 'sqlite' });
