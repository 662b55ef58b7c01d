// DOM node kinds by their DOM nodeType (domhandler's `type` is an enum we do not import).
import type { AnyNode, Element, Text } from 'domhandler'

export const isElement = (node: AnyNode): node is Element => node.nodeType === 1
export const isText = (node: AnyNode): node is Text => node.nodeType === 3
