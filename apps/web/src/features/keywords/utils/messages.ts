// docs/product.md §5 and §8: the Keyword Analysis messages, exactly as written.
export const EMPTY_KEYWORD_MESSAGE = 'Please enter a keyword to analyze'
export const NO_BUSINESS_MESSAGE = 'Please add your business information in Settings first'
export const ANALYSIS_FAILED_MESSAGE = 'Failed to analyze keyword. Please try again.'
export const NO_RANKINGS_MESSAGE =
  'No keyword rankings available. Analyze keywords to start tracking them.'
