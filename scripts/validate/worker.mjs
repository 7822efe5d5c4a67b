// One validating thread of validateFolders: checks whole report folders, so
// the report-level checks see every document of a report on one thread.
import { serveTasks } from '../lib/workers.mjs';
import { validatePaths } from './index.mjs';

// Problems cross to the main thread as plain data (a structured clone keeps an Error's message only).
serveTasks(async ({ dirs, root }) => {
  const { files, problems } = await validatePaths(dirs, { root });
  return { result: { files, problems: problems.map((p) => p.toJSON()) } };
});
