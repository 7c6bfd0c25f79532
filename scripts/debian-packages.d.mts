export declare function canInstallDebianPackages(): boolean;
export declare function whyNotInstallable(what: string): string | undefined;
export declare function installDebianPackage(alternatives: string[]): boolean;
