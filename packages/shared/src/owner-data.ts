// The owner's data is theirs (issue 35 item 6, docs/decisions/048-export-and-delete.md): the archive's
// file name and the typed confirmation that deleting a business asks for.
import { z } from 'zod'

/** GET /api/business/export answers a ZIP under this name. */
export const EXPORT_FILENAME = 'localseo-export.zip'

/** DELETE /api/business: the business's name, typed by the owner; the server compares it. */
export const deleteBusinessInputSchema = z.object({
  confirm: z.string().trim().min(1, 'Type the business name to confirm.').max(300),
})
export type DeleteBusinessInput = z.infer<typeof deleteBusinessInputSchema>

export const deleteBusinessResponseSchema = z.object({ deleted: z.literal(true) })

/** Whether the typed confirmation names the business: as shown, spaces around it aside. */
export const confirmsBusinessName = (typed: string, name: string) =>
  name.trim() !== '' && typed.trim() === name.trim()
