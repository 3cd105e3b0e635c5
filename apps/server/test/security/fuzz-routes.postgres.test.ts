import { describe, it } from 'vitest';
import { postgresServerUrl } from '../helpers/database-targets';
import { fuzzRoutesSuite } from '../helpers/fuzz-routes';

// PostgreSQL refuses some strings SQLite stores (a NUL character), so it is fuzzed on its own.
if (postgresServerUrl) await fuzzRoutesSuite({ engine: 'postgres', serverUrl: postgresServerUrl });
else
  describe.skip('fuzzing every API route on postgres (TEST_DATABASE_URL not set)', () =>
    it('', () => {}));
