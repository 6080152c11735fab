// Applies the theme before the first paint (no flash): the one saved, else the system's preference.
// A separate file because the CSP forbids inline scripts; src/lib/theme.ts follows the same rule.
(() => {
  try {
    const saved = localStorage.getItem('theme');
    const systemDark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
    if (saved === 'dark' || (saved !== 'light' && systemDark)) document.documentElement.classList.add('dark');
  } catch (_) {
    // storage unavailable: keep the light default
  }
})();
