/**
 * Injected into the page before the app: records every animation frame's interval, long tasks, and when
 * the first fleet row is on screen.
 */
export const FRAME_PROBE = `
(() => {
  const probe = { frames: [], longTasks: [], firstRowAt: null, recording: false };
  globalThis.__uiProbe = probe;
  let last = 0;
  // A one-pixel dot that moves every frame: without any damage Chromium stops producing frames, and the
  // gap would count as a slow frame. With it, the rAF cadence is the real frame cadence.
  let dot = null;
  let n = 0;
  const loop = (t) => {
    if (probe.recording && last !== 0) probe.frames.push(t - last);
    last = t;
    if (dot === null && document.body !== null) {
      dot = document.createElement('div');
      dot.style.position = 'fixed';
      dot.style.left = '0';
      dot.style.bottom = '0';
      dot.style.width = '1px';
      dot.style.height = '1px';
      dot.style.background = 'transparent';
      dot.style.outline = '1px solid rgba(128,128,128,0.01)';
      document.body.appendChild(dot);
    }
    if (dot !== null) dot.style.transform = 'translateX(' + (n++ % 2) + 'px)';
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  new PerformanceObserver((list) => {
    if (probe.recording) for (const e of list.getEntries()) probe.longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: false });
  new MutationObserver((_, observer) => {
    if (document.querySelector('[role="row"][data-device-id]') !== null) {
      probe.firstRowAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
})();
`;

export interface ProbeReading {
  frames: number[];
  longTasks: number[];
  firstRowAt: number | null;
}
