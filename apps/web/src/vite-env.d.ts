/// <reference types="vite/client" />

/** The id of this build, defined by build/build-meta-plugin.ts. */
declare const __BUILD_ID__: string;
