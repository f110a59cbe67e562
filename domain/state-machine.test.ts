import { describe, expect, it } from 'vitest';
import {
  defineStateMachine,
  IllegalTransition,
  MalformedStateMachine,
  stateMachineProblems,
  type StateMachineDefinition,
  type TransitionTable,
} from './state-machine';

const DOOR_STATES = ['open', 'closed', 'locked', 'broken'] as const;
type DoorState = (typeof DOOR_STATES)[number];

const DOOR_TRANSITIONS = {
  close: { from: ['open'], to: 'closed' },
  open: { from: ['closed'], to: 'open' },
  lock: { from: ['closed'], to: 'locked' },
  unlock: { from: ['locked'], to: 'closed' },
  break: { from: ['open', 'closed', 'locked'], to: 'broken' },
} as const satisfies TransitionTable<DoorState>;

const door = {
  subject: 'door',
  states: DOOR_STATES,
  initial: ['open'],
  terminal: ['broken'],
  transitions: DOOR_TRANSITIONS,
} satisfies StateMachineDefinition<DoorState, typeof DOOR_TRANSITIONS>;

/** A table loosely typed, as a malformed one has to be to get past the compiler. */
const loose = (changes: Partial<StateMachineDefinition<string, TransitionTable<string>>>) => ({ ...door, ...changes });

describe('stateMachineProblems', () => {
  it('finds none in a well-formed table', () => {
    expect(stateMachineProblems(door)).toEqual([]);
  });

  it.each<[string, Partial<StateMachineDefinition<string, TransitionTable<string>>>, string[]]>([
    [
      'an unreachable state',
      { states: [...DOOR_STATES, 'painted'], terminal: ['broken', 'painted'] },
      ['"painted" cannot be reached from the initial states'],
    ],
    [
      'a target that is no state',
      { transitions: { ...DOOR_TRANSITIONS, paint: { from: ['open'], to: 'painted' } } },
      ['"painted" (entered by "paint") is not one of its states'],
    ],
    [
      'a source that is no state',
      { transitions: { ...DOOR_TRANSITIONS, repair: { from: ['ajar'], to: 'closed' } } },
      ['"ajar" (left by "repair") is not one of its states'],
    ],
    [
      'a transition out of a terminal state',
      { transitions: { ...DOOR_TRANSITIONS, repair: { from: ['broken'], to: 'closed' } } },
      ['transition "repair" leaves terminal state "broken"'],
    ],
    [
      'a state with no way out that is not declared terminal',
      { terminal: [] },
      ['"broken" has no way out and is not declared terminal'],
    ],
    [
      'a terminal state that is no state',
      { terminal: ['broken', 'gone'] },
      ['"gone" (terminal) is not one of its states'],
    ],
    [
      'no initial state',
      { initial: [] },
      [
        'it has no initial state',
        ...DOOR_STATES.map((state) => `"${state}" cannot be reached from the initial states`),
      ],
    ],
    [
      'a transition from nowhere',
      { transitions: { ...DOOR_TRANSITIONS, close: { from: [], to: 'closed' } } },
      [
        'transition "close" leaves from no state',
        '"closed" cannot be reached from the initial states',
        '"locked" cannot be reached from the initial states',
      ],
    ],
    ['a state declared twice', { states: [...DOOR_STATES, 'open'] }, ['"open" is declared twice']],
  ])('rejects %s', (_what, changes, problems) => {
    expect(stateMachineProblems(loose(changes))).toEqual(problems);
  });

  const invoice = loose({
    subject: 'invoice',
    states: ['draft', 'imported', 'sent'],
    initial: ['draft', 'imported'],
    terminal: ['sent'],
    transitions: { send: { from: ['draft', 'imported'], to: 'sent' } },
  });

  it('reaches states through others, from more than one initial state', () => {
    expect(stateMachineProblems({ ...door, initial: ['locked'] })).toEqual([]);
    expect(stateMachineProblems(invoice)).toEqual([]);
  });

  it('rejects an entry hook no transition runs', () => {
    const hook = () => ({ effect: null });
    expect(stateMachineProblems({ ...invoice, onEnter: { draft: hook } })).toEqual([
      'no transition enters "draft", so its entry hook never runs',
    ]);
    expect(stateMachineProblems({ ...invoice, onEnter: { paid: hook } })).toEqual([
      '"paid" (entry hook) is not one of its states',
    ]);
    expect(stateMachineProblems({ ...invoice, onEnter: { sent: hook } })).toEqual([]);
  });
});

describe('defineStateMachine', () => {
  it('throws for a malformed table, naming every problem', () => {
    expect(() => defineStateMachine(loose({ terminal: [] }))).toThrow(
      new MalformedStateMachine('door', ['"broken" has no way out and is not declared terminal']),
    );
    expect(() => defineStateMachine(loose({ terminal: [] }))).toThrow(
      'The door lifecycle is malformed: "broken" has no way out and is not declared terminal.',
    );
  });

  const machine = defineStateMachine<DoorState, typeof DOOR_TRANSITIONS, string, { break: { cause: string } }, string>({
    ...door,
    onEnter: {
      locked: ({ by }) => ({ effect: `key kept by ${by}` }),
      broken: ({ from, input }) => ({ effect: `repair the ${from} door`, note: input.cause }),
    },
  });
  const at = '2031-01-01T10:00:00.000Z';

  it('answers which transitions leave a state', () => {
    expect(machine.can('closed', 'lock')).toBe(true);
    expect(machine.can('open', 'lock')).toBe(false);
    expect(machine.transitionsFrom('closed')).toEqual(['open', 'lock', 'break']);
    expect(machine.transitionsFrom('broken')).toEqual([]);
  });

  it('moves: the history entry (from, to, at, by, note) and what entering the state asks for', () => {
    expect(machine.move('closed', 'lock', { at, by: 'Ana', note: 'night' })).toEqual({
      transition: 'lock',
      from: 'closed',
      to: 'locked',
      entry: { from: 'closed', to: 'locked', at, by: 'Ana', note: 'night' },
      effect: 'key kept by Ana',
    });
    expect(machine.move('open', 'close', { at, by: 'Ana' })).toEqual({
      transition: 'close',
      from: 'open',
      to: 'closed',
      entry: { from: 'open', to: 'closed', at, by: 'Ana', note: null },
      effect: null,
    });
  });

  it('lets an entry hook word the note from what the move carries', () => {
    const move = machine.move('locked', 'break', { at, by: 'Bo', note: 'ignored', input: { cause: 'storm' } });
    expect(move.entry.note).toBe('storm');
    expect(move.effect).toBe('repair the locked door');
  });

  it('refuses a transition the table does not declare from the state, saying which states it leaves from', () => {
    expect(() => machine.move('open', 'lock', { at, by: 'Ana' })).toThrow(
      new IllegalTransition('The door lifecycle\'s "lock" leaves only from closed, not from open.'),
    );
    expect(() => machine.move('broken', 'open', { at, by: 'Ana' })).toThrow(IllegalTransition);
  });

  it('refuses a transition the table does not have, even one every object answers to', () => {
    for (const name of ['fly', 'toString', 'constructor'])
      expect(() => machine.move('open', name as 'open', { at, by: 'Ana' })).toThrow(
        `The door lifecycle has no transition "${name}".`,
      );
    expect(machine.can('open', 'toString' as 'open')).toBe(false);
  });
});
