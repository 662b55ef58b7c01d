import { describe, expect, test } from 'vitest'
import { taskTopic } from './task-topic.js'

describe('taskTopic: what a task asks, whatever its words', () => {
  test.each([
    ['Ask happy customers for Google reviews', 'Ask homeowners for Google reviews'],
    ['Ask happy customers for Google reviews', 'Get more 5-star reviews.'],
    ['Add LocalBusiness schema markup to your website', 'Add Dentist structured data'],
    ['Create a local business FAQ page', 'Publish an FAQ page for Austin patients'],
    ['Complete your Google Business Profile', 'Optimise your Google My Business listing'],
    ['Make your website fast on mobile phones', 'Improve your page speed'],
    ['Earn links from Austin organisations', 'Build local backlinks'],
  ])('%s ~ %s', (a, b) => {
    expect(taskTopic(a)).toBe(taskTopic(b))
  })

  test.each([
    ['Ask happy customers for Google reviews', 'Respond to every Google review within two days'],
    [
      'Complete your Google Business Profile',
      'Post a weekly update on your Google Business Profile',
    ],
    ['Complete your Google Business Profile', 'Add photos to your Google Business Profile'],
    ['Write a page for customers in Austin', 'Sponsor a school sports team'],
  ])('%s differs from %s', (a, b) => {
    expect(taskTopic(a)).not.toBe(taskTopic(b))
  })

  test('a title no rule knows is its own topic, without case, spacing or a final full stop', () => {
    expect(taskTopic('Sponsor a  school team.')).toBe(taskTopic('sponsor a school team'))
  })
})
