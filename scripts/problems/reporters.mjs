// How `tpsreport validate` prints its problems: for people (text), for GitHub
// Actions annotations (github) and for programs (json). Each reporter is a
// pure function from the result to the text it prints.
import { formatLocation } from './problem.mjs';

function where(p) {
  const raw = p.raw ? ` (raw ${p.raw.source}:${p.raw.line})` : '';
  return `${formatLocation({ source: p.file, line: p.line })}${p.pointer ? ` ${p.pointer}` : ''}${raw}`;
}

function summary({ files, problems }) {
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  return `${files} file${files === 1 ? '' : 's'} checked: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
}

function what(p) {
  return `${p.rule}: expected ${p.expected}${p.found === undefined ? '' : `, found ${p.found}`}`;
}

export const reporters = {
  text(result) {
    const lines = result.problems.map((p) => `${where(p)}: ${p.severity} ${what(p)}`);
    return [...lines, summary(result)].join('\n');
  },
  github(result) {
    const escape = (s) => String(s).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
    const prop = (s) => escape(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
    const lines = result.problems.map((p) => {
      const props = [`file=${prop(p.file)}`, p.line ? `line=${p.line}` : null, `title=${prop(p.rule)}`].filter(Boolean).join(',');
      const raw = p.raw ? ` (raw ${p.raw.source}:${p.raw.line})` : '';
      return `::${p.severity === 'error' ? 'error' : 'warning'} ${props}::${escape(`${p.pointer || '/'}${raw}: expected ${p.expected}${p.found === undefined ? '' : `, found ${p.found}`}`)}`;
    });
    return [...lines, summary(result)].join('\n');
  },
  json(result) {
    const errors = result.problems.filter((p) => p.severity === 'error').length;
    return JSON.stringify({ files: result.files, errors, warnings: result.problems.length - errors, problems: result.problems }, null, 2);
  },
};
