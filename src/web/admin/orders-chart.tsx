import { formatDate } from '../../common/india-time.ts';

/** A small bar chart of orders per day, drawn as SVG, with the numbers in a table for screen readers. */
export function OrdersChart({ days }: { days: Array<{ day: string; orders: number }> }) {
  const max = Math.max(1, ...days.map((d) => d.orders));
  const width = 300;
  const height = 120;
  const bar = width / Math.max(1, days.length);
  const total = days.reduce((sum, d) => sum + d.orders, 0);
  const first = days[0]?.day;
  const last = days[days.length - 1]?.day;
  return (
    <figure className="adm-chart-figure">
      <svg
        viewBox={`0 0 ${width} ${height + 16}`}
        role="img"
        aria-label={`${total} orders from ${first && formatDate(first)} to ${last && formatDate(last)}`}
      >
        {days.map((d, i) => {
          const h = (d.orders / max) * height;
          return (
            <rect key={d.day} x={i * bar + 1} y={height - h} width={bar - 2} height={Math.max(h, d.orders ? 1 : 0)}>
              <title>{`${d.day}: ${d.orders}`}</title>
            </rect>
          );
        })}
        <text x={0} y={height + 12}>
          {first && formatDate(first)}
        </text>
        <text x={width} y={height + 12} textAnchor="end">
          {last && formatDate(last)}
        </text>
      </svg>
      {/* In a hidden box, not hidden itself: a table grows to its rows whatever its height, and
          its 30 rows, placed out of the flow, made the page that much longer (blank space). */}
      <div className="visually-hidden">
        <table>
          <caption>Orders per day</caption>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td>{d.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Last (or first): HTML lets a figcaption nowhere else in its figure. */}
      <figcaption>
        {total} {total === 1 ? 'order' : 'orders'}, at most {max} in a day
      </figcaption>
    </figure>
  );
}
