export declare function precompressStatic(dir: string): Promise<number>;
