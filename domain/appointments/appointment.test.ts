import { describe, expect, it } from 'vitest';
import { stateMachineProblems } from '../state-machine';
import { APPOINTMENT_LIFECYCLE, canTransition } from './appointment';

describe('APPOINTMENT_LIFECYCLE', () => {
  it('is a well-formed table', () => {
    expect(stateMachineProblems(APPOINTMENT_LIFECYCLE)).toEqual([]);
  });

  it('moves only a scheduled visit', () => {
    expect(APPOINTMENT_LIFECYCLE.transitionsFrom('scheduled')).toEqual(['complete', 'markNoShow', 'cancel']);
    for (const status of ['completed', 'no-show', 'cancelled'] as const) {
      expect(APPOINTMENT_LIFECYCLE.transitionsFrom(status)).toEqual([]);
      expect(canTransition(status, 'cancel')).toBe(false);
    }
    expect(canTransition('scheduled', 'cancel')).toBe(true);
  });
});
