import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { forgetEarlyRequests } from '@/lib/early-requests'

afterEach(() => {
  cleanup()
  localStorage.clear()
  forgetEarlyRequests()
})
