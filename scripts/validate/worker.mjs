// One validating thread of validateFolders: checks whole report folders, so
// the report-level checks see every document of a report on one thread.
import { serveTasks } from '../lib/workers.mjs';
import { validatePaths } from './index.mjs';

serveTasks(async ({ dirs, root }) => ({ result: await validatePaths(dirs, { root }) }));
