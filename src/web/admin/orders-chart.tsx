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
      <svg viewBox={`0 0 ${width} ${height + 16}`} role="img" aria-label={`${total} orders from ${first} to ${last}`}>
        {days.map((d, i) => {
          const h = (d.orders / max) * height;
          return (
            <rect key={d.day} x={i * bar + 1} y={height - h} width={bar - 2} height={Math.max(h, d.orders ? 1 : 0)}>
              <title>{`${d.day}: ${d.orders}`}</title>
            </rect>
          );
        })}
        <text x={0} y={height + 12}>
          {first?.slice(5)}
        </text>
        <text x={width} y={height + 12} textAnchor="end">
          {last?.slice(5)}
        </text>
      </svg>
      <figcaption>
        {total} {total === 1 ? 'order' : 'orders'}, at most {max} in a day
      </figcaption>
      <table className="visually-hidden">
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
    </figure>
  );
}
