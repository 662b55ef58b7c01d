import { FileText, MapPin, Wrench } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'

const tips = [
  {
    title: 'Content',
    Icon: FileText,
    items: [
      'Give each tracked keyword a page that answers it directly.',
      'Refresh pages whose rankings slip with current prices, photos and FAQs.',
      'Link related service pages to each other with descriptive anchor text.',
    ],
  },
  {
    title: 'Local SEO',
    Icon: MapPin,
    items: [
      'Keep your name, address and phone identical on every listing.',
      'Ask happy customers for reviews that mention the service and your city.',
      'Create a page for each location with its own address and directions.',
    ],
  },
  {
    title: 'Technical',
    Icon: Wrench,
    items: [
      'Make pages load fast on phones: compress images and defer scripts.',
      'Add LocalBusiness structured data to your home and location pages.',
      'Fix broken links and submit an up-to-date sitemap.',
    ],
  },
] as const

/** docs/product.md §2: static tips on content, local SEO and technical work. */
export function RankTips() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tips to Improve Your Rankings</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-3">
        {tips.map(({ title, Icon, items }) => (
          <section key={title} aria-label={`${title} tips`}>
            <h3 className="flex items-center gap-2 text-sm font-semibold">
              <Icon aria-hidden="true" className="size-4 text-primary" />
              {title}
            </h3>
            <ul className="mt-2 grid list-disc gap-1.5 pl-5 text-sm text-muted-foreground">
              {items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
      </CardContent>
    </Card>
  )
}
