/** Debian's Chromium and the flags every browser run uses (tests and the bench); no test-runner imports, so bench/ can use it. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'];
