// Async boundary: shared singletons (react, router, ...) are negotiated before any app code runs.
import('./bootstrap');
