import { Field, Float, ID, ObjectType } from 'type-graphql';

@ObjectType({
  description: 'A subscription plan of the catalogue (docs/product.md#plans-and-limits). Prices in US dollars.',
})
export class Plan {
  @Field(() => ID, { description: 'free, qa_chatbot, beginner, standard or pro' })
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => Float)
  monthlyPrice!: number;

  @Field(() => Float, { nullable: true, description: 'Price per year when billed annually; null when monthly only' })
  annualPrice!: number | null;

  @Field(() => Float, { nullable: true, description: 'Advertised per-month price when billed annually' })
  annualMonthlyPrice!: number | null;

  @Field(() => Float, { description: 'Audio hours per month' })
  audioHours!: number;

  @Field(() => Boolean, { description: 'Includes the Q&A chatbot' })
  includesQa!: boolean;

  @Field(() => Boolean)
  paid!: boolean;
}
