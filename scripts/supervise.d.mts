/** What the supervisor needs of a child: a ChildProcess, or a fake one in tests. */
export interface SupervisedChild {
  readonly pid?: number | undefined;
  readonly exitCode: number | null;
  readonly signalCode: NodeJS.Signals | null;
  on(
    event: 'exit',
    listener: (code: number | null, signal: NodeJS.Signals | null) => void,
  ): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** The pauses between restarts and how long a run must last to reset them. */
export interface SuperviseTiming {
  /** The pause before the first restart. @default 500 */
  initialDelayMs?: number;
  /** The longest pause; each quick failure doubles it up to this. @default 30000 */
  maxDelayMs?: number;
  /** A run at least this long starts the pauses over from `initialDelayMs`. @default 60000 */
  healthyAfterMs?: number;
}

export interface SuperviseOptions<Child extends SupervisedChild> extends SuperviseTiming {
  /** Named in every log line. */
  name: string;
  /** Starts a new child. */
  start(): Child;
  /** Stops a running child; resolves once it has exited. */
  stopChild(child: Child): Promise<void>;
  /** A child already running, supervised instead of starting one. */
  child?: Child;
  /** Where the lines about stops and restarts go. @default console.error */
  log?: (line: string) => void;
}

export interface Supervisor<Child extends SupervisedChild> {
  readonly name: string;
  /** The child running now (or the last one, while a restart is pending). */
  readonly child: Child | undefined;
  /** How many times it has been started again. */
  readonly restarts: number;
  /** No restart after this; a pending one is cancelled and the running child stopped. */
  stop(): Promise<void>;
}

export declare const SUPERVISE_DEFAULTS: Readonly<Required<SuperviseTiming>>;

/** Restarts the child whenever it exits without `stop()`, after a doubling pause. */
export declare function supervise<Child extends SupervisedChild>(
  options: SuperviseOptions<Child>,
): Supervisor<Child>;
