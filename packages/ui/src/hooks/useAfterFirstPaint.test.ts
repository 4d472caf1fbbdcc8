// The module keeps the page's first paint once known, so each test loads it afresh.
type Module = typeof import('./useAfterFirstPaint');

/** A PerformanceObserver that reports `paint` entries when the test says the first contentful paint is shown. */
function fakePaintObserver() {
  let callback: ((list: { getEntriesByName(name: string): unknown[] }) => void) | undefined;
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(cb: typeof callback) {
      callback = cb;
    }
    observe() {}
    disconnect() {
      callback = undefined;
    }
  }
  Object.assign(globalThis, { PerformanceObserver: FakeObserver });
  return {
    showFirstContentfulPaint: () =>
      callback?.({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{ name }] : []) }),
  };
}

function load(): Module {
  let module: Module | undefined;
  jest.isolateModules(() => {
    module = jest.requireActual<Module>('./useAfterFirstPaint');
  });
  return module!;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver;
});

describe('afterNextPaint (issue #21)', () => {
  it('runs the work only once the first contentful paint is on the screen, then after the next frame', async () => {
    const paint = fakePaintObserver();
    const { afterNextPaint } = load();
    const work = jest.fn();

    afterNextPaint(work, 100);
    await jest.advanceTimersByTimeAsync(1000);
    expect(work).not.toHaveBeenCalled();

    paint.showFirstContentfulPaint();
    await jest.advanceTimersByTimeAsync(50);
    expect(work).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(100);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('does not wait for good where no first paint is reported (a tab opened in the background)', async () => {
    fakePaintObserver();
    const { afterNextPaint } = load();
    const work = jest.fn();

    afterNextPaint(work);
    await jest.advanceTimersByTimeAsync(2100);

    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', async () => {
    const paint = fakePaintObserver();
    const { afterNextPaint } = load();
    const work = jest.fn();

    const cancel = afterNextPaint(work);
    paint.showFirstContentfulPaint();
    cancel();
    await jest.advanceTimersByTimeAsync(3000);

    expect(work).not.toHaveBeenCalled();
  });
});
