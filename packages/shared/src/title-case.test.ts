import { expect, test } from 'vitest'
import { titleCase } from './title-case.js'

test('keeps acronyms in capitals (issue 32 item 6)', () => {
  expect(titleCase('nhs dentist bristol')).toBe('NHS Dentist Bristol')
  expect(titleCase('hvac repair austin')).toBe('HVAC Repair Austin')
  expect(titleCase('24 hour ac repair')).toBe('24 Hour AC Repair')
  expect(titleCase('bbb accredited plumber')).toBe('BBB Accredited Plumber')
  expect(titleCase('mot test centre uk')).toBe('MOT Test Centre UK')
})

test('IT only where it names the trade, and the owner’s own capitals stay', () => {
  expect(titleCase('it support for small business')).toBe('IT Support For Small Business')
  expect(titleCase('is it open today')).toBe('Is It Open Today')
  expect(titleCase('iPhone screen repair')).toBe('iPhone Screen Repair')
})

test('an apostrophe does not start a word', () => {
  expect(titleCase("children's dentist")).toBe("Children's Dentist")
})
