export declare const PRECOMPRESSED_EXTENSIONS: string[];
export declare const BROTLI_SUFFIX: string;
export declare function precompressStatic(dir: string): Promise<number>;
