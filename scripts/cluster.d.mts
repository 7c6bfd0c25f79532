import type { ChildProcess } from 'node:child_process';
import type { ImageOrigins } from './stack.mjs';

export interface ClusterOptions {
  /** Gateway processes behind the proxy. @default 2 */
  gateways?: number;
  /** Site processes (Next production servers) behind the proxy, with the header-footer remote. @default 0 */
  sites?: number;
  /** The address nginx listens on. @default '127.0.0.1' */
  host?: string;
  /** nginx's port. @default a free port */
  port?: number;
  /** The gateways' ports, in order. @default free ports */
  gatewayPorts?: number[];
  /** The sites' ports, in order. @default free ports */
  sitePorts?: number[];
  /** The header-footer remote's port. @default a free port */
  headerFooterPort?: number;
  /** The ports of the image origins, with sites only (README "Image domains"). @default free ports */
  imagePorts?: { fast?: number; slow?: number; dead?: number | null };
  /** A PostgreSQL database to use. @default a throwaway server started by scripts/postgres.mjs */
  databaseUrl?: string;
  /** Hide the processes' output (errors still show). @default false */
  quiet?: boolean;
  /** Environment for every process (gateway settings such as `GATEWAY_RATE_LIMIT`). */
  env?: Record<string, string>;
}

export interface Cluster {
  /** nginx: API, image and stream paths to the gateways, pages to the sites (or the gateways). */
  proxyUrl: string;
  gatewayUrls: string[];
  /** Empty without sites. */
  siteUrls: string[];
  /** With sites only. */
  headerFooterUrl?: string;
  /** With sites only: the mail and SMS catcher the gateways send to (scripts/stack.mjs). */
  mailCatcherUrl?: string;
  /** With sites only. */
  imageOrigins?: ImageOrigins;
  databaseUrl: string;
  /** The generated nginx configuration. */
  nginxConfig: string;
  children: {
    gateways: ChildProcess[];
    sites: ChildProcess[];
    headerFooter: ChildProcess | undefined;
    mailCatcher: ChildProcess | undefined;
    nginx: ChildProcess | undefined;
  };
  /** Stops every process it started (PostgreSQL last) and removes nginx's folder; idempotent. */
  stop(): Promise<void>;
}

export interface RunningGateways {
  urls: string[];
  ports: number[];
  children: ChildProcess[];
  stop(): Promise<void>;
}

export interface StartGatewaysOptions {
  databaseUrl: string;
  /** @default 2 */
  count?: number;
  /** @default free ports */
  ports?: number[];
  /** @default false */
  quiet?: boolean;
  env?: Record<string, string>;
  /** Settings of one gateway (by index), over `env`. */
  envOf?: (index: number) => Record<string, string>;
}

/** Starts built gateways on one database at once and waits until every one is healthy. */
export declare function startGateways(options: StartGatewaysOptions): Promise<RunningGateways>;

/**
 * Starts PostgreSQL (unless `databaseUrl` is given), the gateways, optionally the sites, and nginx
 * in front; stops whatever started when any part fails.
 */
export declare function startCluster(options?: ClusterOptions): Promise<Cluster>;

/** Finds nginx, installing Debian's nginx-light when missing and possible; else throws. */
export declare function ensureNginx(): Promise<string>;

/** Whether nginx can be used here (installed or installable), with the reason when not. */
export declare function nginxAvailability(): Promise<
  { available: true } | { available: false; reason: string }
>;

/** The generated nginx configuration. */
export declare function nginxConfig(options: {
  prefix: string;
  host: string;
  port: number;
  gatewayPorts: number[];
  sitePorts: number[];
}): string;
