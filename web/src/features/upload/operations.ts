import { graphql } from '../../gql';

/** Asked right before each upload: the allowance may have run out since the page loaded. */
export const UploadCapacityQuery = graphql(`
  query UploadCapacity {
    me {
      id
      usage {
        canUpload
      }
    }
  }
`);
