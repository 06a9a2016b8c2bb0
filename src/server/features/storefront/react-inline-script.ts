import { createHash } from 'node:crypto';

/**
 * React's streaming renderer ends the first part of a page with this inline script (react-dom/server's
 * "shell time", used to pace the reveal of later parts) whenever parts of the page were still to
 * come. Our script policy allows it by its hash, and nothing else inline.
 */
const REACT_SHELL_TIME_SCRIPT = 'requestAnimationFrame(function(){$RT=performance.now()});';

export const REACT_SHELL_TIME_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(REACT_SHELL_TIME_SCRIPT).digest('base64')}'`;
