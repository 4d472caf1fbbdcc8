// Async boundary: shared singletons (react, router, ...) are negotiated before any app code runs. The production
// build moves the bootstrap chunk's modules into the `app` chunk of the app's own packages (config/webpack.factory.js,
// SHELL_SPLIT_CHUNKS): one file fewer on the first screen.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
