// One parsing thread of the ingest step: reads a raw file, writes its
// document, and sends back only the file's sum (a document never crosses
// between threads).
import { serveTasks } from '../lib/workers.mjs';
import { parseFile } from '../parse/index.mjs';
import { writeIfChanged, writeJsonIfChanged, toJson } from '../lib/files.mjs';
import { checkRunLabels } from './run-labels.mjs';
import { parserNotes } from './notes.mjs';

serveTasks(async ({ path, source, format, options, fields, runLabelsAt, out, streamed }) => {
  const doc = await parseFile(path, { source, format, options });
  checkRunLabels(doc, fields.run_labels, runLabelsAt);
  Object.assign(doc, fields);
  // A small document is one JSON string, faster than the streamed pieces a long interval log needs.
  if (streamed) await writeJsonIfChanged(out, doc);
  else await writeIfChanged(out, toJson(doc));
  return { result: { sha256: doc.provenance.sha256, notes: parserNotes(doc) } };
});
