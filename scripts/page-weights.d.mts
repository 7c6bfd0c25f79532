export declare const FIRST_LOAD_BUDGET_BYTES: number;
export declare const PAGE_FAMILIES: [family: string, routes: string[]][];
/** One page of each family, as a visitor opens it; `signedIn` pages need a session. */
export declare const FAMILY_PAGES: { family: string; path: string; signedIn?: boolean }[];

export interface PageWeight {
  family: string;
  /** The family's heaviest route. */
  route: string;
  /** Its first-load JavaScript, gzip bytes. */
  bytes: number;
  /** Its first-load files, biggest first. */
  files: { file: string; bytes: number }[];
}

export declare function pageWeights(webDir?: string): Promise<PageWeight[]>;
export declare function formatPageWeights(weights: PageWeight[], budget?: number): string;
export declare const REMOTE_ENTRY_BUDGET_BYTES: number;
export declare function remoteEntryWeight(remoteDir?: string): Promise<number>;
export declare const REPEATED_ON_DEMAND_BUDGET_BYTES: number;
/** A module copied into more than one on-demand chunk: its minified size and those chunks. */
export interface RepeatedModule {
  id: string;
  bytes: number;
  chunks: string[];
}
export declare function repeatedOnDemandModules(
  webDir?: string,
  minBytes?: number,
): Promise<RepeatedModule[]>;
/** The files (by name, sorted) each named on-demand import fetches, by the loadable manifest. */
export declare function onDemandImportFiles(
  imports: readonly string[],
  webDir?: string,
): Promise<Map<string, string[]>>;
