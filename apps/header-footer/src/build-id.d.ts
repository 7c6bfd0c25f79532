/** Set at build time (rspack.config.mjs): tells one deployment of the remote from the next. */
declare const __HEADER_FOOTER_BUILD_ID__: string;
