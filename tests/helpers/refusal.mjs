// The error a call throws, for tests that then check its location and words;
// a call that throws nothing fails the test.
import assert from 'node:assert/strict';
import { Problem } from '../../scripts/problems/problem.mjs';

export function refusal(fn) {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return assert.fail('expected a Problem');
}
