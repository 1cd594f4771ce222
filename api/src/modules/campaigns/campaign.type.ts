import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Campaign } from '../../kernel/entities/campaign.entity';

/** The caller's relation to a campaign they can see (docs/product.md#roles). */
export enum CampaignRoleEnum {
  OWNER = 'OWNER',
  RECIPIENT = 'RECIPIENT',
}

registerEnumType(CampaignRoleEnum, {
  name: 'CampaignRole',
  description: 'OWNER may do everything; RECIPIENT reads and may remove the share from their list',
});

/** An entry of "Shared with me": the share (its id removes it) and the campaign. */
@ObjectType({ description: 'A campaign someone shared with the caller' })
export class SharedCampaign {
  @Field(() => ID, { description: 'The share id (removeSharedCampaign takes it)' })
  id!: string;

  @Field(() => Date)
  sharedAt!: Date;

  @Field(() => Boolean, { description: 'Whether the caller has opened it yet (a badge counts the new ones)' })
  seen!: boolean;

  @Field(() => Campaign)
  campaign!: Campaign;
}
