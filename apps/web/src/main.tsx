// First, so a returning owner's code downloads while the rest of this script is evaluated.
import './app/start-early'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { preloadSignedIn } from './app/preload'
import { AppProvider, createAppState } from './app/provider'
import { AppRouter } from './app/router'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// Made before the first render, so a returning owner's screen starts loading at once.
const state = createAppState()
preloadSignedIn(state, window.location.pathname)

createRoot(root).render(
  <StrictMode>
    <AppProvider state={state}>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
)
