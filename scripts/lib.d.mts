export declare const root: string;
export declare function run(command: string, args: string[], options?: object): Promise<number>;
export declare function runOrThrow(
  command: string,
  args: string[],
  options?: object,
): Promise<void>;
export declare function freePort(): Promise<number>;
