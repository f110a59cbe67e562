/**
 * Every lifecycle of the shop (orders, returns, appointments, and each one added later) is one kind
 * of finite-state machine, declared as data: its states, the ones a record is created in, the ones
 * nothing leaves, and its transitions (a name, the states it leaves from, the state it enters, and
 * whatever the lifecycle adds beside them: who may make it, for which kinds). Entry hooks say, purely,
 * what entering a state asks for; a move returns that and its history entry, and the store makes
 * both stick with a condition on the state the move was made from. A table is checked when it is
 * defined, so a malformed one throws on import and never ships (docs/decisions/0046-one-state-machine.md).
 */

/** A transition: the states it may leave from and the one it enters. */
export interface TransitionDefinition<State extends string> {
  readonly from: readonly State[];
  readonly to: State;
}

export type TransitionTable<State extends string> = Readonly<Record<string, TransitionDefinition<State>>>;

type NameOf<Table> = keyof Table & string;

/** What a transition carries besides who and when, by its name: undefined for a transition the map leaves out. */
type InputOf<Inputs, Name extends string> = Name extends keyof Inputs ? Inputs[Name] : undefined;

/** A move being made, as an entry hook sees it. */
export interface Step<State extends string, Name extends string, By, Input> {
  readonly transition: Name;
  readonly from: State;
  readonly to: State;
  /** An ISO instant. */
  readonly at: string;
  /** Who makes the move, as the lifecycle names its actors. */
  readonly by: By;
  /** What the move carries besides (a staff request's carrier and tracking number, a reason). */
  readonly input: Input;
}

/** The moves that enter `Into`: one Step per transition that enters it, each with its own input. */
export type StepInto<State extends string, Table extends TransitionTable<State>, By, Inputs, Into extends State> = {
  [Name in NameOf<Table>]: Table[Name]['to'] extends Into ? Step<State, Name, By, InputOf<Inputs, Name>> : never;
}[NameOf<Table>];

/** What entering a state asks for: what the lifecycle records or emits with the new state, and its history note. */
export interface Entering<Effect> {
  readonly effect: Effect;
  /** The history entry's note, in place of the one the move was given (a shipment's carrier and tracking number). */
  readonly note?: string | null;
}

/**
 * A lifecycle's table: its states and transitions, and the types its moves speak: who makes them
 * (`By`), what each transition carries besides, by name (`Inputs`), and what an entry hook asks for
 * (`Effect`).
 */
export interface StateMachineDefinition<
  State extends string,
  Table extends TransitionTable<State>,
  By = unknown,
  Inputs = object,
  Effect = never,
> {
  /** What moves through the machine, as its errors name it: `order`, `return request`. */
  readonly subject: string;
  readonly states: readonly State[];
  /** The states a record is created in. */
  readonly initial: readonly NoInfer<State>[];
  /** The states nothing leaves: declared, so that a state with no way out is a decision, not an oversight. */
  readonly terminal: readonly NoInfer<State>[];
  readonly transitions: Table;
  /** What entering a state asks for, by state. Pure: the caller does what the effect says. */
  readonly onEnter?: {
    readonly [Into in State]?: (step: StepInto<State, Table, By, Inputs, Into>) => Entering<Effect>;
  };
}

/** One move as a lifecycle's history keeps it: from where, to where, when, by whom, and why. */
export interface HistoryEntry<State extends string, By> {
  readonly from: State;
  readonly to: State;
  readonly at: string;
  readonly by: By;
  readonly note: string | null;
}

/** A move made: its history entry and what the entered state's hook asked for (null for a state without one). */
export interface Move<State extends string, Name extends string, By, Effect> {
  readonly transition: Name;
  readonly from: State;
  readonly to: State;
  readonly entry: HistoryEntry<State, By>;
  readonly effect: Effect | null;
}

/** When and by whom a move is made, its note, and what the transition carries (required when it carries something). */
export type MoveContext<By, Input> = { at: string; by: By; note?: string | null } & (undefined extends Input
  ? { input?: Input }
  : { input: Input });

export interface StateMachine<
  State extends string,
  Table extends TransitionTable<State>,
  By,
  Inputs,
  Effect,
> extends StateMachineDefinition<State, Table, By, Inputs, Effect> {
  /** Whether the transition leaves from the state. */
  can(state: State, transition: NameOf<Table>): boolean;
  /** The transitions that leave from the state, in the table's order. */
  transitionsFrom(state: State): NameOf<Table>[];
  /**
   * Takes the transition from the state: the history entry and the entered state's effect.
   * Throws IllegalTransition for a transition the table does not declare from that state.
   */
  move<Name extends NameOf<Table>>(
    state: State,
    transition: Name,
    context: MoveContext<By, InputOf<Inputs, Name>>,
  ): Move<State, Name, By, Effect>;
}

/** A transition table that is not well formed; `problems` lists every fault found. */
export class MalformedStateMachine extends Error {
  override readonly name = 'MalformedStateMachine';

  constructor(
    subject: string,
    readonly problems: readonly string[],
  ) {
    super(`The ${subject} lifecycle is malformed: ${problems.join('; ')}.`);
  }
}

/** A move the table does not declare: a caller that decides before it moves never meets one. */
export class IllegalTransition extends Error {
  override readonly name = 'IllegalTransition';
}

/** What the validator reads of a machine: its tables, and which states have an entry hook. */
type MachineShape<State extends string> = Pick<
  StateMachineDefinition<State, TransitionTable<State>>,
  'subject' | 'states' | 'initial' | 'terminal' | 'transitions'
> & { readonly onEnter?: Readonly<Partial<Record<State, unknown>>> };

/**
 * Why a machine is not well formed, or nothing when it is: every state named (initial, terminal,
 * each transition's ends, each entry hook's) is declared, once; a transition leaves from some
 * state and never from a terminal one; a state with no way out is declared terminal; every state
 * is reached from the initial ones; and every state with an entry hook is entered by a transition.
 */
export function stateMachineProblems<State extends string>(machine: MachineShape<State>): string[] {
  const problems: string[] = [];
  const known = new Set<string>(machine.states);
  const terminal = new Set<string>(machine.terminal);
  const unknown = (state: string, role: string) => {
    if (!known.has(state)) problems.push(`"${state}" (${role}) is not one of its states`);
  };

  for (const [index, state] of machine.states.entries())
    if (machine.states.indexOf(state) !== index) problems.push(`"${state}" is declared twice`);
  if (machine.initial.length === 0) problems.push('it has no initial state');
  for (const state of machine.initial) unknown(state, 'initial');
  for (const state of machine.terminal) unknown(state, 'terminal');

  const entered = new Set<string>();
  for (const [name, transition] of Object.entries(machine.transitions)) {
    if (transition.from.length === 0) problems.push(`transition "${name}" leaves from no state`);
    for (const state of transition.from) {
      unknown(state, `left by "${name}"`);
      if (terminal.has(state)) problems.push(`transition "${name}" leaves terminal state "${state}"`);
    }
    unknown(transition.to, `entered by "${name}"`);
    entered.add(transition.to);
  }

  const exits = new Set(Object.values(machine.transitions).flatMap((transition) => transition.from));
  for (const state of machine.states)
    if (!exits.has(state) && !terminal.has(state))
      problems.push(`"${state}" has no way out and is not declared terminal`);

  const reached = new Set<string>();
  const reach = (state: State) => {
    if (reached.has(state)) return;
    reached.add(state);
    for (const transition of Object.values(machine.transitions))
      if (transition.from.includes(state)) reach(transition.to);
  };
  machine.initial.forEach(reach);
  for (const state of machine.states)
    if (!reached.has(state)) problems.push(`"${state}" cannot be reached from the initial states`);

  for (const state of Object.keys(machine.onEnter ?? {})) {
    unknown(state, 'entry hook');
    if (known.has(state) && !entered.has(state))
      problems.push(`no transition enters "${state}", so its entry hook never runs`);
  }
  return problems;
}

/**
 * The machine of a definition, checked first: throws MalformedStateMachine for a table that is not
 * well formed. Marked free of side effects so that a browser chunk that moves no record drops its
 * lifecycle's machine (the first-load budgets, decision 0026); the server and the tests define it.
 */
/*#__NO_SIDE_EFFECTS__*/
export function defineStateMachine<
  State extends string,
  Table extends TransitionTable<NoInfer<State>>,
  By = unknown,
  Inputs = object,
  Effect = never,
>(
  definition: StateMachineDefinition<State, Table, By, Inputs, Effect>,
): StateMachine<State, Table, By, Inputs, Effect> {
  const problems = stateMachineProblems(definition);
  if (problems.length > 0) throw new MalformedStateMachine(definition.subject, problems);
  const { subject, transitions } = definition;
  // Each hook takes the steps into its own state; the state entered picks the hook, so any step fits the one picked.
  const onEnter = (definition.onEnter ?? {}) as Partial<
    Record<State, (step: Step<State, string, By, unknown>) => Entering<Effect>>
  >;
  const declared = (transition: string): TransitionDefinition<State> | undefined =>
    Object.hasOwn(transitions, transition) ? transitions[transition] : undefined;
  const can = (state: State, transition: string) => declared(transition)?.from.includes(state) ?? false;
  return {
    ...definition,
    can,
    transitionsFrom: (state) =>
      (Object.keys(transitions) as NameOf<Table>[]).filter((transition) => can(state, transition)),
    move(state, transition, context) {
      const declaredTransition = declared(transition);
      if (!declaredTransition)
        throw new IllegalTransition(`The ${subject} lifecycle has no transition "${transition}".`);
      if (!declaredTransition.from.includes(state))
        throw new IllegalTransition(
          `The ${subject} lifecycle's "${transition}" leaves only from ${declaredTransition.from.join(' or ')}, not from ${state}.`,
        );
      const { at, by } = context;
      const to = declaredTransition.to;
      const entering = onEnter[to]?.({ transition, from: state, to, at, by, input: context.input });
      const note = entering && entering.note !== undefined ? entering.note : (context.note ?? null);
      return {
        transition,
        from: state,
        to,
        entry: { from: state, to, at, by, note },
        effect: entering ? entering.effect : null,
      };
    },
  };
}
