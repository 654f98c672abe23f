/* spv2c runtime part: group (needs: base) */
