import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './app/console-app.tsx';
import { connectApiClientToConsole } from './app/api-session.ts';
import { startConsoleLanguage } from './features/language/console-language.ts';
import './console.css';

connectApiClientToConsole();

async function start() {
  await startConsoleLanguage();
  createRoot(document.getElementById('root')!).render(<ConsoleApp />);
}

void start();
