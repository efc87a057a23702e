import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AdminApp } from './admin-app'
import './admin.css'

const container = document.getElementById('app')
if (!container) throw new Error('The page has no #app element.')
createRoot(container).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
)
