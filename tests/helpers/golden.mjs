// Golden files: the expected output sits beside the input and is reviewed like
// code. On a mismatch the actual output is written beside it as `-changed` so a
// reviewer can diff the two; a missing golden file fails in CI and is written
// locally for review. UPDATE_GOLDEN=1 rewrites every golden file a test
// compares with (review the diff before committing it).
import { readFile, writeFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import assert from 'node:assert/strict';

export async function assertGolden(actualText, goldenPath) {
  const changedPath = goldenPath.replace(/(\.[a-z]+)$/, '-changed$1');
  if (process.env.UPDATE_GOLDEN === '1') {
    await writeFile(goldenPath, actualText);
    await rm(changedPath, { force: true });
    return;
  }
  if (!existsSync(goldenPath)) {
    if (process.env.CI) assert.fail(`golden file ${goldenPath} is missing; run the tests locally and review it`);
    await writeFile(goldenPath, actualText);
    return;
  }
  const expected = await readFile(goldenPath, 'utf8');
  if (expected === actualText) {
    await rm(changedPath, { force: true });
    return;
  }
  await writeFile(changedPath, actualText);
  assert.equal(actualText, expected, `output differs from ${goldenPath}; see ${changedPath}`);
}
